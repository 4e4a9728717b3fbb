import {
  CHAT_MESSAGE_TYPES,
  type ChatMessage,
  LAST_MESSAGE_PREVIEW_CHARS,
} from '@sabai/shared/chat/chat.schemas';
import type { TFunction } from 'i18next';
import { callOutcomeText } from './call/call-outcome';

/** Text cut to the spec's 30 characters (by code point, so no emoji is split), line breaks removed. */
export function previewText(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > LAST_MESSAGE_PREVIEW_CHARS
    ? `${chars.slice(0, LAST_MESSAGE_PREVIEW_CHARS).join('')}…`
    : flat;
}

/**
 * The conversation list's last-message note (spec section 3): a draft preview when unsent text
 * waits and the conversation is not open; otherwise the revoked or deleted note, a media marker
 * for non-text, or the text cut to 30 characters; a placeholder when there are no messages.
 */
export function lastMessageNote(
  t: TFunction<'chat'>,
  input: {
    message: ChatMessage | null;
    meId: number | null;
    draft?: string;
    isOpen?: boolean;
    peerName: string;
  },
): { text: string; isDraft: boolean } {
  const draft = input.draft?.trim();
  if (draft && !input.isOpen) return { text: t('note.draft', { text: previewText(draft) }), isDraft: true };
  const { message } = input;
  if (!message) return { text: t('note.empty'), isDraft: false };
  if (message.isRevoke) {
    const text =
      message.fromUid === input.meId
        ? t('note.revokedByMe')
        : t('note.revokedByOther', { name: input.peerName });
    return { text, isDraft: false };
  }
  if (message.isDelete) return { text: t('note.deleted'), isDraft: false };
  if (message.type === CHAT_MESSAGE_TYPES.image) return { text: t('note.image'), isDraft: false };
  if (message.type === CHAT_MESSAGE_TYPES.voice) return { text: t('note.voice'), isDraft: false };
  if (message.type === CHAT_MESSAGE_TYPES.orderCard) return { text: t('note.orderCard'), isDraft: false };
  if (message.type === CHAT_MESSAGE_TYPES.call)
    return { text: `${t('note.call')} ${callOutcomeText(t, message.body)}`, isDraft: false };
  if (message.type !== CHAT_MESSAGE_TYPES.text) return { text: t('note.system'), isDraft: false };
  return { text: previewText(message.body), isDraft: false };
}
