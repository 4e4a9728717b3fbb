import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatForbiddenWords, chatPhrases } from '../../db/schema';

export type PhraseRow = typeof chatPhrases.$inferSelect;

/** A user's common phrases (chat/phrase) and the staff's forbidden-word lists (decision 048). */
export function createPhrasesRepository(db: Db) {
  const own = (id: number, userId: number) => and(eq(chatPhrases.id, id), eq(chatPhrases.userId, userId));
  return {
    /** The user's phrases in their order. */
    of: (userId: number): Promise<PhraseRow[]> =>
      db
        .select()
        .from(chatPhrases)
        .where(eq(chatPhrases.userId, userId))
        .orderBy(asc(chatPhrases.position), asc(chatPhrases.id)),

    add: (phrase: { userId: number; text: string; position: number; createdAt: Date }) =>
      db.insert(chatPhrases).values(phrase),

    /** Edits one of the user's phrases; false when it is not theirs (or not there). */
    edit: async (id: number, userId: number, text: string) =>
      (await db.update(chatPhrases).set({ text }).where(own(id, userId)).returning()).length > 0,

    remove: async (id: number, userId: number) =>
      (await db.delete(chatPhrases).where(own(id, userId)).returning()).length > 0,

    /** Puts the phrases in this order (positions 1, 2, …) in one transaction. */
    reorder: (ids: number[]) =>
      db.transaction(async (tx) => {
        for (const [index, id] of ids.entries()) {
          await tx
            .update(chatPhrases)
            .set({ position: index + 1 })
            .where(eq(chatPhrases.id, id));
        }
      }),

    forbiddenWords: () =>
      db
        .select({
          id: chatForbiddenWords.id,
          language: chatForbiddenWords.language,
          word: chatForbiddenWords.word,
        })
        .from(chatForbiddenWords)
        .orderBy(asc(chatForbiddenWords.language), asc(chatForbiddenWords.word)),

    addForbiddenWord: (language: string, word: string) =>
      db.insert(chatForbiddenWords).values({ language, word }).onConflictDoNothing(),

    removeForbiddenWord: async (id: number) =>
      (await db.delete(chatForbiddenWords).where(eq(chatForbiddenWords.id, id)).returning()).length > 0,
  };
}

export type PhrasesRepository = ReturnType<typeof createPhrasesRepository>;
