import { PHRASES_MAX, type Phrase } from '@sabai/shared/chat/chat.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PhraseRow, PhrasesRepository } from './phrases.repository';

const phraseOf = (row: PhraseRow): Phrase => ({
  id: row.id,
  text: row.text,
  position: row.position,
});

/** A user's common phrases (chat/phrase) and the staff's forbidden-word lists. */
export function createPhrasesService(deps: { phrases: PhrasesRepository; clock: Clock }) {
  const { phrases, clock } = deps;
  const mine = async (me: AuthUser) => (await phrases.of(me.id)).map(phraseOf);

  return {
    list: mine,

    async add(me: AuthUser, text: string): Promise<Phrase[]> {
      const existing = await phrases.of(me.id);
      if (existing.length >= PHRASES_MAX) throw new AppError('chatPhraseLimit', { limit: PHRASES_MAX });
      const position = existing.reduce((max, row) => Math.max(max, row.position), 0) + 1;
      await phrases.add({ userId: me.id, text, position, createdAt: clock.now() });
      return mine(me);
    },

    async edit(me: AuthUser, id: number, text: string): Promise<Phrase[]> {
      if (!(await phrases.edit(id, me.id, text))) throw new AppError('notFound');
      return mine(me);
    },

    async remove(me: AuthUser, id: number): Promise<Phrase[]> {
      if (!(await phrases.remove(id, me.id))) throw new AppError('notFound');
      return mine(me);
    },

    /** The new order names every one of my phrases exactly once. */
    async reorder(me: AuthUser, ids: number[]): Promise<Phrase[]> {
      const known = new Set((await phrases.of(me.id)).map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw new AppError('validationFailed', { fields: 'ids' });
      }
      await phrases.reorder(ids);
      return mine(me);
    },

    forbiddenWords: () => phrases.forbiddenWords(),

    /** Stored lower-case: the check at the send compares case-insensitively. */
    async addForbiddenWord(language: string, word: string) {
      await phrases.addForbiddenWord(language, word.toLocaleLowerCase());
      return phrases.forbiddenWords();
    },

    async removeForbiddenWord(id: number) {
      if (!(await phrases.removeForbiddenWord(id))) throw new AppError('notFound');
      return phrases.forbiddenWords();
    },
  };
}

export type PhrasesService = ReturnType<typeof createPhrasesService>;
