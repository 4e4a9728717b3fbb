import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramLinkCodes, telegramLinks } from '../../db/schema';

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;

export function createTelegramRepository(db: Db) {
  return {
    async findLink(userId: number): Promise<TelegramLinkRow | undefined> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)).limit(1);
      return row;
    },

    /** Several users' links in one read (the outbox's batches, decision 080): those linked, by user. */
    async findLinks(userIds: readonly number[]): Promise<Map<number, TelegramLinkRow>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select()
        .from(telegramLinks)
        .where(inArray(telegramLinks.userId, [...new Set(userIds)]));
      return new Map(rows.map((row) => [row.userId, row]));
    },

    /** A new code replaces the user's unused ones: only the newest works. */
    async replaceCode(tx: Db, row: typeof telegramLinkCodes.$inferInsert) {
      await tx
        .delete(telegramLinkCodes)
        .where(and(eq(telegramLinkCodes.userId, row.userId), isNull(telegramLinkCodes.usedAt)));
      await tx.insert(telegramLinkCodes).values(row);
    },

    /** Uses a live code once; undefined when it is unknown, used or expired. */
    async useCode(tx: Db, codeHash: string, now: Date) {
      const [row] = await tx
        .update(telegramLinkCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(telegramLinkCodes.codeHash, codeHash),
            isNull(telegramLinkCodes.usedAt),
            gt(telegramLinkCodes.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Links the chat to the user: the chat leaves any other user, the user any other chat. */
    async link(tx: Db, row: TelegramLinkRow) {
      await tx
        .delete(telegramLinks)
        .where(and(eq(telegramLinks.chatId, row.chatId), ne(telegramLinks.userId, row.userId)));
      await tx
        .insert(telegramLinks)
        .values(row)
        .onConflictDoUpdate({
          target: telegramLinks.userId,
          set: { chatId: row.chatId, username: row.username, language: row.language, linkedAt: row.linkedAt },
        });
    },

    async unlinkUser(tx: Db, userId: number): Promise<TelegramLinkRow | undefined> {
      const [row] = await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
      return row;
    },

    async unlinkChat(tx: Db, chatId: number): Promise<TelegramLinkRow | undefined> {
      const [row] = await tx.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning();
      return row;
    },
  };
}

export type TelegramRepository = ReturnType<typeof createTelegramRepository>;
