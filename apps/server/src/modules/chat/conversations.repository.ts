import { CHAT_PAGE_SIZE } from '@sabai/shared/chat/chat.schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMembers } from '../../db/schema';

/** Conversations and a member's side of them (decision 048): lists, settings, read state, new pairs. */
export function createConversationsRepository(db: Db) {
  return {
    /** My member rows, pinned first then newest first, one page; hidden ones left out. */
    memberPage: (userId: number, page: number) =>
      db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, userId), eq(chatMembers.hidden, false)))
        .orderBy(desc(chatMembers.pinned), desc(chatMembers.updatedAt), desc(chatMembers.conversationId))
        .limit(CHAT_PAGE_SIZE)
        .offset((page - 1) * CHAT_PAGE_SIZE),

    /** Unread messages over my conversations that are not muted. */
    unreadTotal: async (userId: number) =>
      (
        await db
          .select({ count: sql<number>`coalesce(sum(${chatMembers.unreadCount}), 0)::int` })
          .from(chatMembers)
          .where(and(eq(chatMembers.userId, userId), eq(chatMembers.muted, false)))
      )[0]?.count ?? 0,

    updateSettings: (
      conversationId: number,
      userId: number,
      settings: { pinned?: boolean; muted?: boolean; hidden?: boolean },
    ) =>
      db
        .update(chatMembers)
        .set(settings)
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId))),

    /** Read up to the conversation's last message, in the caller's transaction; answers that sequence. */
    markReadIn: async (tx: Db, conversationId: number, userId: number) => {
      const [conversation] = await tx
        .select({ lastSeq: chatConversations.lastSeq })
        .from(chatConversations)
        .where(eq(chatConversations.id, conversationId));
      const lastReadSeq = conversation?.lastSeq ?? 0;
      await tx
        .update(chatMembers)
        .set({ unreadCount: 0, lastReadSeq })
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
      return lastReadSeq;
    },

    lastSeqOf: async (conversationId: number) =>
      (
        await db
          .select({ lastSeq: chatConversations.lastSeq })
          .from(chatConversations)
          .where(eq(chatConversations.id, conversationId))
      )[0]?.lastSeq ?? 0,

    /** The conversation of a pair (`pairKey`: the two ids, smallest first). */
    conversationOfPair: async (pairKey: string) =>
      (
        await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(eq(chatConversations.pairKey, pairKey))
      )[0]?.id ?? null,

    /** A pair's conversation and both member rows; null when a racing request made it first. */
    createPairConversation: (pairKey: string, a: number, b: number, now: Date) =>
      db.transaction(async (tx) => {
        const [made] = await tx
          .insert(chatConversations)
          .values({ pairKey, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: chatConversations.pairKey })
          .returning({ id: chatConversations.id });
        if (!made) return null;
        await tx.insert(chatMembers).values([
          { conversationId: made.id, userId: a, peerId: b, updatedAt: now },
          { conversationId: made.id, userId: b, peerId: a, updatedAt: now },
        ]);
        return made.id;
      }),
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
