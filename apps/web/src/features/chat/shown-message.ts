import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { isApiError } from '../../lib/api-client';
import type { SendFailure } from './local/chat-store';

/** A message as the page shows it: confirmed by the server, or still on its way from this device. */
export type ShownMessage = ChatMessage & {
  /** `queued`: written while the server could not be reached; it waits in the outbox. */
  status: 'sent' | 'sending' | 'queued' | 'failed';
  /** What to send again on retry. */
  retry?:
    | { kind: 'text'; body: string }
    | { kind: 'image'; file: File }
    | { kind: 'voice'; recording: { blob: Blob; durationMs: number } };
  error?: string;
  /** A local preview of an image or a voice message on its way. */
  previewUrl?: string;
};

/** The shown messages keyed by their unique id (a resend keeps it, so nothing shows twice). */
export type ShownMessages = Map<string, ShownMessage>;

/** Confirmed messages by sequence; those still on their way after them, in the order they were written. */
export const sorted = (messages: ShownMessages) =>
  [...messages.values()].sort((a, b) => {
    if (a.seq && b.seq) return a.seq - b.seq;
    if (a.seq) return -1;
    if (b.seq) return 1;
    return a.createTime.localeCompare(b.createTime);
  });

/** Whether a failed send is worth trying again later (kept in the outbox) or was refused for good. */
export function classifySendFailure(error: unknown): SendFailure {
  if (!isApiError(error)) return { isTransient: true, isThrottled: false };
  if (error.code === ERROR_CODES.chatSendingTooFast.code) return { isTransient: true, isThrottled: true };
  return { isTransient: error.kind !== 'business', isThrottled: false };
}

/** What a failure shows under the message. */
export const failureText = (error: unknown) => (isApiError(error) ? error.message : String(error));

/** A message of mine on its way, before the server numbered it. */
export function placeholderMessage(
  where: { conversationId: number | null; meId: number; peerId: number | null },
  uniqueId: string,
  fields: Partial<ShownMessage>,
): ShownMessage {
  return {
    msgId: 0,
    uniqueId,
    conversationId: where.conversationId ?? 0,
    seq: 0,
    fromUid: where.meId,
    toUid: where.peerId ?? 0,
    type: CHAT_MESSAGE_TYPES.text,
    body: '',
    imageUrl: null,
    orderId: null,
    aboutMsgId: null,
    createTime: new Date().toISOString(),
    clientCreateTime: new Date().toISOString(),
    isRevoke: false,
    isDelete: false,
    status: 'sending',
    ...fields,
  };
}
