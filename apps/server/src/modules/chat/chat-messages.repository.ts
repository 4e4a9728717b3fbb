import type { MessageTranslation } from '@sabai/shared/chat/chat.schemas';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMembers, chatMessageDeletions, chatMessages, chatMessageTranslations } from '../../db/schema';
import type { MessageRow } from './chat.repository';

/**
 * Chat's messages as they are read, deleted for one member, recalled and translated (decisions
 * 048, 058). The write of a new message is `chat.repository.ts`'s.
 */
export function createChatMessagesRepository(db: Db) {
  const inConversation = (conversationId: number) => eq(chatMessages.conversationId, conversationId);

  return {
    byId: async (messageId: number): Promise<MessageRow | undefined> =>
      (await db.select().from(chatMessages).where(eq(chatMessages.id, messageId)))[0],

    byUniqueId: async (uniqueId: string): Promise<MessageRow | undefined> =>
      (await db.select().from(chatMessages).where(eq(chatMessages.uniqueId, uniqueId)))[0],

    /** Whether the message is one of this conversation's (a reply may only quote its own). */
    isIn: async (messageId: number, conversationId: number) =>
      (
        await db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(eq(chatMessages.id, messageId), inConversation(conversationId)))
      ).length > 0,

    /** Up to `limit` messages after `since`, oldest first. */
    after: (conversationId: number, since: number, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(and(inConversation(conversationId), gt(chatMessages.seq, since)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit),

    /** Up to `limit` messages before `before` (or the newest), newest first. */
    newestBefore: (conversationId: number, before: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(
          before !== undefined
            ? and(inConversation(conversationId), lt(chatMessages.seq, before))
            : inConversation(conversationId),
        )
        .orderBy(desc(chatMessages.seq))
        .limit(limit),

    /** The conversation's newest message and whether this member deleted it for themselves. */
    newestFor: async (conversationId: number, userId: number) => {
      const [row] = await db
        .select({ message: chatMessages, deletedBy: chatMessageDeletions.userId })
        .from(chatMessages)
        .leftJoin(
          chatMessageDeletions,
          and(eq(chatMessageDeletions.messageId, chatMessages.id), eq(chatMessageDeletions.userId, userId)),
        )
        .where(inConversation(conversationId))
        .orderBy(desc(chatMessages.seq))
        .limit(1);
      return row ? { row: row.message, deleted: row.deletedBy !== null } : null;
    },

    /** Which of these messages the user deleted for themselves. */
    deletedAmong: async (userId: number, messageIds: number[]): Promise<Set<number>> =>
      new Set(
        messageIds.length
          ? (
              await db
                .select({ messageId: chatMessageDeletions.messageId })
                .from(chatMessageDeletions)
                .where(
                  and(
                    eq(chatMessageDeletions.userId, userId),
                    inArray(chatMessageDeletions.messageId, messageIds),
                  ),
                )
            ).map((row) => row.messageId)
          : [],
      ),

    deleteFor: (messageId: number, userId: number) =>
      db.insert(chatMessageDeletions).values({ messageId, userId }).onConflictDoNothing(),

    /** Recalls the message in the caller's transaction: its text, picture and translations go. */
    revokeIn: async (tx: Db, messageId: number, now: Date): Promise<MessageRow | undefined> => {
      const [revoked] = await tx
        .update(chatMessages)
        .set({ revokedAt: now, body: '', imageKey: null })
        .where(eq(chatMessages.id, messageId))
        .returning();
      // A recalled text must not live on in its translations (decision 058).
      if (revoked)
        await tx.delete(chatMessageTranslations).where(eq(chatMessageTranslations.messageId, messageId));
      return revoked;
    },

    /**
     * The message if this user may read it: a member of its conversation who did not delete it for
     * themselves; anyone else's answers undefined, as if it did not exist.
     */
    readableBy: async (messageId: number, userId: number): Promise<MessageRow | undefined> => {
      const [row] = await db
        .select({
          message: chatMessages,
          isMember: chatMembers.userId,
          deletedBy: chatMessageDeletions.userId,
        })
        .from(chatMessages)
        .leftJoin(
          chatMembers,
          and(eq(chatMembers.conversationId, chatMessages.conversationId), eq(chatMembers.userId, userId)),
        )
        .leftJoin(
          chatMessageDeletions,
          and(eq(chatMessageDeletions.messageId, chatMessages.id), eq(chatMessageDeletions.userId, userId)),
        )
        .where(eq(chatMessages.id, messageId));
      if (!row || row.isMember === null || row.deletedBy !== null) return undefined;
      return row.message;
    },

    translationOf: async (messageId: number, language: string) =>
      (
        await db
          .select()
          .from(chatMessageTranslations)
          .where(
            and(
              eq(chatMessageTranslations.messageId, messageId),
              eq(chatMessageTranslations.language, language),
            ),
          )
      )[0],

    /**
     * Keeps a translation only while the message is still live: the share lock waits for a revoke
     * in progress, whose transaction deletes translations, and then sees the message revoked.
     */
    keepTranslation: (
      messageId: number,
      translation: Pick<MessageTranslation, 'text' | 'sourceLang' | 'targetLang'>,
      now: Date,
    ) =>
      db.execute(sql`
        insert into chat_message_translations (message_id, language, text, source_language, created_at)
        select m.id, ${translation.targetLang}::text, ${translation.text}::text, ${translation.sourceLang}::text,
               ${now.toISOString()}::timestamptz
        from chat_messages m where m.id = ${messageId} and m.revoked_at is null
        for share
        on conflict do nothing`),
  };
}

export type ChatMessagesRepository = ReturnType<typeof createChatMessagesRepository>;
