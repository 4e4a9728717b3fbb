import { PHRASES_MAX, type Phrase } from '@sabai/shared/chat/chat.schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatForbiddenWords, chatPhrases } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const phraseOf = (row: typeof chatPhrases.$inferSelect): Phrase => ({
  id: row.id,
  text: row.text,
  position: row.position,
});

/** A user's common phrases (chat/phrase) and the staff's forbidden-word lists. */
export function createPhrasesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const mine = (me: AuthUser) =>
    db
      .select()
      .from(chatPhrases)
      .where(eq(chatPhrases.userId, me.id))
      .orderBy(asc(chatPhrases.position), asc(chatPhrases.id));

  return {
    async list(me: AuthUser): Promise<Phrase[]> {
      return (await mine(me)).map(phraseOf);
    },

    async add(me: AuthUser, text: string): Promise<Phrase[]> {
      const existing = await mine(me);
      if (existing.length >= PHRASES_MAX) throw new AppError('chatPhraseLimit', { limit: PHRASES_MAX });
      const position = existing.reduce((max, row) => Math.max(max, row.position), 0) + 1;
      await db.insert(chatPhrases).values({ userId: me.id, text, position, createdAt: clock.now() });
      return (await mine(me)).map(phraseOf);
    },

    async edit(me: AuthUser, id: number, text: string): Promise<Phrase[]> {
      const [row] = await db
        .update(chatPhrases)
        .set({ text })
        .where(and(eq(chatPhrases.id, id), eq(chatPhrases.userId, me.id)))
        .returning();
      if (!row) throw new AppError('notFound');
      return (await mine(me)).map(phraseOf);
    },

    async remove(me: AuthUser, id: number): Promise<Phrase[]> {
      const [row] = await db
        .delete(chatPhrases)
        .where(and(eq(chatPhrases.id, id), eq(chatPhrases.userId, me.id)))
        .returning();
      if (!row) throw new AppError('notFound');
      return (await mine(me)).map(phraseOf);
    },

    /** The new order names every one of my phrases exactly once. */
    async reorder(me: AuthUser, ids: number[]): Promise<Phrase[]> {
      const existing = await mine(me);
      const known = new Set(existing.map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw new AppError('validationFailed', { fields: 'ids' });
      }
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries()) {
          await tx
            .update(chatPhrases)
            .set({ position: index + 1 })
            .where(eq(chatPhrases.id, id));
        }
      });
      return (await mine(me)).map(phraseOf);
    },

    async forbiddenWords() {
      return db
        .select({
          id: chatForbiddenWords.id,
          language: chatForbiddenWords.language,
          word: chatForbiddenWords.word,
        })
        .from(chatForbiddenWords)
        .orderBy(asc(chatForbiddenWords.language), asc(chatForbiddenWords.word));
    },

    async addForbiddenWord(language: string, word: string) {
      await db
        .insert(chatForbiddenWords)
        .values({ language, word: word.toLocaleLowerCase() })
        .onConflictDoNothing();
      return this.forbiddenWords();
    },

    async removeForbiddenWord(id: number) {
      const [row] = await db.delete(chatForbiddenWords).where(eq(chatForbiddenWords.id, id)).returning();
      if (!row) throw new AppError('notFound');
      return this.forbiddenWords();
    },
  };
}

export type PhrasesService = ReturnType<typeof createPhrasesService>;
