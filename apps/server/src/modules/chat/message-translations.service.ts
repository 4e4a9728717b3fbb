import { CHAT_MESSAGE_TYPES, type MessageTranslation } from '@sabai/shared/chat/chat.schemas';
import { isLanguage, type Language } from '@sabai/shared/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMembers, chatMessageDeletions, chatMessages, chatMessageTranslations } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { readerTranslator } from '../../lib/translator/translator';

/**
 * A chat message in the reader's language on demand (issue #15 item 10, decision 058). Only a
 * member of the message's conversation may ask (anyone else's message answers as not found, like the
 * conversation itself); only live text has anything to translate. Translations are kept per
 * message and language, and deleted with the text when the message is revoked.
 */
export function createMessageTranslationsService(deps: {
  db: Db;
  clock: Clock;
  translate: ReturnType<typeof readerTranslator>;
}) {
  const { db, clock } = deps;

  async function readableMessage(me: AuthUser, messageId: number) {
    const [row] = await db
      .select({
        message: chatMessages,
        isMember: chatMembers.userId,
        deletedBy: chatMessageDeletions.userId,
      })
      .from(chatMessages)
      .leftJoin(
        chatMembers,
        and(eq(chatMembers.conversationId, chatMessages.conversationId), eq(chatMembers.userId, me.id)),
      )
      .leftJoin(
        chatMessageDeletions,
        and(eq(chatMessageDeletions.messageId, chatMessages.id), eq(chatMessageDeletions.userId, me.id)),
      )
      .where(eq(chatMessages.id, messageId));
    // Not mine to read, or deleted for me: as if it did not exist.
    if (!row || row.isMember === null || row.deletedBy !== null) throw new AppError('notFound');
    return row.message;
  }

  return {
    async translate(me: AuthUser, messageId: number, to: Language): Promise<MessageTranslation> {
      const message = await readableMessage(me, messageId);
      if (message.type !== CHAT_MESSAGE_TYPES.text || message.revokedAt || message.body.trim() === '') {
        throw new AppError('chatMessageNotTranslatable');
      }
      const [cached] = await db
        .select()
        .from(chatMessageTranslations)
        .where(
          and(eq(chatMessageTranslations.messageId, messageId), eq(chatMessageTranslations.language, to)),
        );
      if (cached) {
        const sourceLang = isLanguage(cached.sourceLanguage) ? cached.sourceLanguage : null;
        return { msgId: messageId, text: cached.text, sourceLang, targetLang: to };
      }
      const translation = await deps.translate(message.body, to);
      // Kept only while the message is still live: the share lock waits for a revoke in progress,
      // whose transaction deletes translations, and then sees the message revoked.
      await db.execute(sql`
        insert into chat_message_translations (message_id, language, text, source_language, created_at)
        select m.id, ${to}::text, ${translation.text}::text, ${translation.sourceLang}::text,
               ${clock.now().toISOString()}::timestamptz
        from chat_messages m where m.id = ${messageId} and m.revoked_at is null
        for share
        on conflict do nothing`);
      return { msgId: messageId, text: translation.text, sourceLang: translation.sourceLang, targetLang: to };
    },
  };
}

export type MessageTranslationsService = ReturnType<typeof createMessageTranslationsService>;
