import { CHAT_MESSAGE_TYPES, type MessageTranslation } from '@sabai/shared/chat/chat.schemas';
import { isLanguage, type Language } from '@sabai/shared/i18n';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { readerTranslator } from '../../lib/translator/translator';
import type { ChatMessagesRepository } from './chat-messages.repository';

/**
 * A chat message in the reader's language on demand (issue #15 item 10, decision 058). Only a
 * member of the message's conversation may ask (anyone else's message answers as not found, like the
 * conversation itself); only live text has anything to translate. Translations are kept per
 * message and language, and deleted with the text when the message is revoked.
 */
export function createMessageTranslationsService(deps: {
  messages: ChatMessagesRepository;
  clock: Clock;
  translate: ReturnType<typeof readerTranslator>;
}) {
  const { messages, clock } = deps;

  return {
    async translate(me: AuthUser, messageId: number, to: Language): Promise<MessageTranslation> {
      // Not mine to read, or deleted for me: as if it did not exist.
      const message = await messages.readableBy(messageId, me.id);
      if (!message) throw new AppError('notFound');
      if (message.type !== CHAT_MESSAGE_TYPES.text || message.revokedAt || message.body.trim() === '') {
        throw new AppError('chatMessageNotTranslatable');
      }
      const cached = await messages.translationOf(messageId, to);
      if (cached) {
        const sourceLang = isLanguage(cached.sourceLanguage) ? cached.sourceLanguage : null;
        return { msgId: messageId, text: cached.text, sourceLang, targetLang: to };
      }
      const translation = await deps.translate(message.body, to);
      const answer = {
        msgId: messageId,
        text: translation.text,
        sourceLang: translation.sourceLang,
        targetLang: to,
      };
      await messages.keepTranslation(messageId, answer, clock.now());
      return answer;
    },
  };
}

export type MessageTranslationsService = ReturnType<typeof createMessageTranslationsService>;
