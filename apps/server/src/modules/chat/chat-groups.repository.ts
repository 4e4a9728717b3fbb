import { GROUP_MEMBERS_MAX } from '@sabai/shared/chat/chat.schemas';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { chatGroups } from '../../db/schema';

export type GroupRow = typeof chatGroups.$inferSelect;

/**
 * Team groups (decision 061): a `chat_groups` row beside a conversation, its members kept by
 * database triggers. Reads the store's and the owner's names beside it for the group's info.
 */
export function createChatGroupsRepository(db: Db) {
  return {
    byId: async (groupId: number): Promise<GroupRow | undefined> =>
      (await db.select().from(chatGroups).where(eq(chatGroups.id, groupId)))[0],

    /** The group whose conversation this is (in the caller's transaction when given one). */
    ofConversation: async (conversationId: number, tx: Db = db): Promise<GroupRow | undefined> =>
      (await tx.select().from(chatGroups).where(eq(chatGroups.conversationId, conversationId)))[0],

    /** What the group's info shows: the store's names and pictures or the owner's, and its size. */
    infoOf: async (group: GroupRow) =>
      (
        await queryRows<{
          names: Record<string, string> | null;
          photos: string[] | null;
          nickname: string | null;
          avatar_key: string | null;
          member_count: number;
        }>(
          db,
          sql`select s.names, s.photos, u.nickname, u.avatar_key,
                (select count(*)::int from chat_members m where m.conversation_id = ${group.conversationId}) as member_count
              from chat_groups g
              left join stores s on s.id = g.store_id
              left join users u on u.id = g.owner_id
              where g.id = ${group.id}`,
        )
      )[0],

    /** The members (the spec's 1000 at most): owner first, then the store's staff, then the rest. */
    membersOf: (group: GroupRow) =>
      queryRows<{ id: number; nickname: string; avatar_key: string | null; role: string }>(
        db,
        sql`select u.id, u.nickname, u.avatar_key,
              case when g.owner_id = u.id then 'owner'
                   when exists (select 1 from store_staff s where s.store_id = g.store_id and s.user_id = u.id) then 'staff'
                   when g.kind = 'storeTeam' then 'therapist'
                   else 'member' end as role
            from chat_members m
            join chat_groups g on g.conversation_id = m.conversation_id
            join users u on u.id = m.user_id
            where m.conversation_id = ${group.conversationId}
            order by case when g.owner_id = u.id then 0
                          when exists (select 1 from store_staff s where s.store_id = g.store_id and s.user_id = u.id) then 1
                          else 2 end, u.nickname, u.id
            limit ${GROUP_MEMBERS_MAX}`,
      ),
  };
}

export type ChatGroupsRepository = ReturnType<typeof createChatGroupsRepository>;
