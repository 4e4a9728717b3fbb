import { CHAT_MESSAGE_EVENT } from '@sabai/shared/chat/chat.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { chatForbiddenWords, chatMembers, chatMessages, userRoles, users } from '../../db/schema';
import type { Outbox } from '../../outbox/outbox';

export type MessageRow = typeof chatMessages.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;
/** The two fields of a member row a write needs: where, and to whom (null: a team group). */
export type MemberPlace = Pick<MemberRow, 'conversationId' | 'peerId'>;

/** A message about to be written (its sequence and time come from the conversation and the clock). */
export interface NewMessage {
  uniqueId: string;
  type: number;
  body: string;
  imageKey?: string;
  voiceDurationMs?: number;
  orderId?: number;
  aboutMsgId?: number;
  clientCreateTime?: string;
}

/** What a write made: the message's id and its sequence in the conversation. */
export interface WrittenMessage {
  id: number;
  seq: number;
}

/**
 * Chat's send path (decisions 048, 071, 074): the admission read, the send statement, the same
 * write inside a caller's transaction, and the member and user reads around them. The module's
 * other tables and reads: `conversations.repository.ts` (lists, settings, read state, making a
 * pair's conversation), `chat-messages.repository.ts`, `chat-groups.repository.ts`,
 * `chat-orders.repository.ts` (booking's orders, read only), `calls.repository.ts`,
 * `phrases.repository.ts`.
 */
export function createChatRepository(db: Db, outbox: Outbox) {
  /**
   * The admission read, prepared once (decision 071): every send runs it, and building its select
   * through drizzle, then having PostgreSQL parse and plan it, was a measurable share of the send's
   * CPU. It runs on the pool, never inside a transaction (069). A team group's member ids come
   * with it: they are the send's topics (the peer's and mine are known without a read).
   */
  const admissionQuery = db
    .select({
      member: chatMembers,
      resentId: sql<
        number | null
      >`(select ${chatMessages.id} from ${chatMessages} where ${chatMessages.uniqueId} = ${sql.placeholder('uniqueId')})`,
      peerRoles: sql<
        string[]
      >`(select coalesce(array_agg(${userRoles.role}), '{}') from ${userRoles} where ${userRoles.userId} = ${chatMembers.peerId})`,
      sentInWindow: sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.fromUid} = ${sql.placeholder('userId')} and ${chatMessages.createdAt} > ${sql.placeholder('since')}::timestamptz)`,
      forbiddenWords: sql<
        string[]
      >`(select coalesce(array_agg(${chatForbiddenWords.word}), '{}') from ${chatForbiddenWords})`,
      groupMemberIds: sql<number[] | null>`(case when "chat_members"."peer_id" is null then
        (select array_agg(gm.user_id order by gm.user_id) from chat_members gm
          where gm.conversation_id = "chat_members"."conversation_id") end)`,
    })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, sql.placeholder('conversationId')),
        eq(chatMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('chat_admission');

  /**
   * A send as ONE autocommitted statement, its text written once (decision 074): the conversation's
   * next sequence (its row locked first, so the topic numbers taken after it follow the message
   * order), the message, the members' counts, the outbox row with the message view as its payload
   * (built in the service, its `msgId`, `seq` and `groupId` filled in SQL), and, through the outbox,
   * realtime's topic numbers. No row when the `uniqueId` was taken (a racing resend): nothing else
   * is written then. The topics come in as a value (`chat-topics.ts` is their one definition).
   */
  const sendStatement = outbox.statementWithEvent<{
    message_id: number | string;
    message_seq: number;
    group_id: number | null;
  }>({
    name: 'chat_send',
    aggregateType: 'chatConversation',
    eventType: CHAT_MESSAGE_EVENT,
    change: `conversation as (
        update chat_conversations set last_seq = last_seq + 1, updated_at = $2::timestamptz
        where id = $1::int returning last_seq
      ),
      message as (
        insert into chat_messages (conversation_id, seq, unique_id, from_uid, to_uid, type, body,
          image_key, voice_duration_ms, order_id, about_msg_id, client_create_time, created_at)
        select $1::int, last_seq, $3::text, $4::int, $5::int, $6::smallint, $7::text, $8::text, $9::int,
          $10::int, $11::int, $12::timestamptz, $2::timestamptz
        from conversation
        on conflict (unique_id) do nothing
        returning id, seq
      ),
      members as (
        update chat_members set
          unread_count = case when user_id <> $4::int then unread_count + 1 else unread_count end,
          last_read_seq = case when user_id = $4::int then (select seq from message) else last_read_seq end,
          hidden = false,
          updated_at = $2::timestamptz
        where conversation_id = $1::int and exists (select 1 from message)
      ),
      event_source as (
        select m.id as message_id, m.seq as message_seq, g.id as group_id,
          ($1::int)::text as aggregate_id,
          $13::jsonb || jsonb_build_object('msgId', m.id, 'seq', m.seq, 'groupId', g.id) as payload,
          array(select jsonb_array_elements_text($14::jsonb)) as topics,
          $2::timestamptz as created_at
        from message m left join chat_groups g on $5::int is null and g.conversation_id = $1::int
      )`,
    columns: 's.message_id, s.message_seq, s.group_id',
  });

  const messageValues = (senderId: number, member: MemberPlace, message: NewMessage, now: Date) => [
    member.conversationId,
    now.toISOString(),
    message.uniqueId,
    senderId,
    member.peerId,
    message.type,
    message.body,
    message.imageKey ?? null,
    message.voiceDurationMs ?? null,
    message.orderId ?? null,
    message.aboutMsgId ?? null,
    message.clientCreateTime ? new Date(message.clientCreateTime).toISOString() : null,
  ];

  return {
    /** The admission read of a send (see `admissionQuery`). */
    admission: async (params: { conversationId: number; userId: number; uniqueId: string; since: Date }) =>
      (await admissionQuery.execute({ ...params, since: params.since.toISOString() }))[0],

    /**
     * Writes a message and its event in one statement. `draft` is the event's view of the message
     * without what only the statement knows (`msgId`, `seq`, `groupId`, filled in as the SQL fills
     * them in the payload); `topics` is where it goes. The filled view, or null when its `uniqueId`
     * was already taken (a racing resend): nothing was written then.
     */
    sendMessage: async <View extends object>(
      senderId: number,
      member: MemberPlace,
      message: NewMessage,
      event: { now: Date; draft: View; topics: string[] },
    ) => {
      const filled = (row: {
        message_id: number | string;
        message_seq: number;
        group_id: number | null;
      }) => ({
        ...event.draft,
        msgId: Number(row.message_id),
        seq: Number(row.message_seq),
        groupId: row.group_id === null ? null : Number(row.group_id),
      });
      const written = await sendStatement(
        [
          ...messageValues(senderId, member, message, event.now),
          JSON.stringify(event.draft),
          JSON.stringify(event.topics),
        ],
        filled,
      );
      return written ? filled(written) : null;
    },

    /**
     * The same write as `sendMessage` without its event, inside the caller's transaction (a call's
     * outcome, whose event the caller adds): the conversation's next sequence, the message and the
     * members' rows. Null when the `uniqueId` was already taken.
     */
    writeMessageIn: async (
      tx: Db,
      senderId: number,
      member: MemberPlace,
      message: NewMessage,
      now: Date,
    ): Promise<WrittenMessage | null> => {
      const [
        conversationId,
        at,
        uniqueId,
        sender,
        peerId,
        type,
        body,
        imageKey,
        voiceMs,
        orderId,
        about,
        client,
      ] = messageValues(senderId, member, message, now);
      const [written] = await queryRows<WrittenMessage>(
        tx,
        sql`with conversation as (
              update chat_conversations set last_seq = last_seq + 1, updated_at = ${at}::timestamptz
              where id = ${conversationId} returning last_seq
            ),
            message as (
              insert into chat_messages (conversation_id, seq, unique_id, from_uid, to_uid, type, body,
                image_key, voice_duration_ms, order_id, about_msg_id, client_create_time, created_at)
              select ${conversationId}::int, last_seq, ${uniqueId}::text, ${sender}::int, ${peerId}::int,
                ${type}::smallint, ${body}::text, ${imageKey}::text, ${voiceMs}::int, ${orderId}::int,
                ${about}::int, ${client}::timestamptz, ${at}::timestamptz
              from conversation
              on conflict (unique_id) do nothing
              returning id, seq
            ),
            members as (
              update chat_members set
                unread_count = case when user_id <> ${sender} then unread_count + 1 else unread_count end,
                last_read_seq = case when user_id = ${sender} then (select seq from message) else last_read_seq end,
                hidden = false,
                updated_at = ${at}::timestamptz
              where conversation_id = ${conversationId} and exists (select 1 from message)
            )
            select id, seq from message`,
      );
      return written ?? null;
    },

    membership: async (conversationId: number, userId: number): Promise<MemberRow | null> =>
      (
        await db
          .select()
          .from(chatMembers)
          .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
      )[0] ?? null,

    /** Every member's id (a group's fan-out), as the caller's transaction sees them. */
    memberIdsIn: async (tx: Db, conversationId: number): Promise<number[]> =>
      (
        await tx
          .select({ userId: chatMembers.userId })
          .from(chatMembers)
          .where(eq(chatMembers.conversationId, conversationId))
      ).map((row) => row.userId),

    rolesOf: async (userId: number) =>
      (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
        (row) => row.role,
      ),

    userExists: async (userId: number) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0,

    /** What the chat shows of a user: nickname and avatar. */
    profileOf: async (userId: number) =>
      (
        await db
          .select({ nickname: users.nickname, avatarKey: users.avatarKey })
          .from(users)
          .where(eq(users.id, userId))
      )[0],
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
