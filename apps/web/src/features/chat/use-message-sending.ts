import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@sabai/shared/chat/chat.schemas';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef } from 'react';
import { randomId } from '../../lib/storage';
import { chatApi } from './api/chat-api';
import type { ChatStore, OutboxRow } from './local/chat-store';
import {
  classifySendFailure,
  failureText,
  placeholderMessage,
  type ShownMessage,
  type ShownMessages,
} from './shown-message';

/** After the server asked to slow down, the outbox tries again this much later. */
const THROTTLED_RETRY_MS = 5_000;

const sendQueued = (row: OutboxRow) =>
  chatApi.sendText(row.conversation_id, row.unique_id, row.body, row.client_create_time);

/**
 * Sending, optimistic: the message shows at once under its client unique id, and the server's
 * answer (or the live event, whichever comes first) confirms it; a retry keeps the id, so it never
 * shows twice. Text goes through this device's outbox where there is one (decision 059), so what is
 * written offline waits there, shows as queued, and goes out in order when the connection is back.
 */
export function useMessageSending(options: {
  conversationId: number | null;
  meId: number;
  peerId: number | null;
  store: ChatStore | null | undefined;
  setMessages: Dispatch<SetStateAction<ShownMessages>>;
  upsert: (incoming: ChatMessage[]) => void;
}) {
  const { conversationId, meId, peerId, store, setMessages, upsert } = options;
  const placeholder = (uniqueId: string, fields: Partial<ShownMessage>) =>
    placeholderMessage({ conversationId, meId, peerId }, uniqueId, fields);
  const placeholderRef = useRef(placeholder);
  placeholderRef.current = placeholder;

  /** Marks this conversation's messages still on their way with `fields` (queued, failed). */
  const markPending = useCallback(
    (uniqueIds: string[], fields: Partial<ShownMessage>) => {
      setMessages((current) => {
        let next: ShownMessages | null = null;
        for (const uniqueId of uniqueIds) {
          const known = current.get(uniqueId);
          if (!known || known.status === 'sent') continue;
          next ??= new Map(current);
          next.set(uniqueId, { ...known, ...fields });
        }
        return next ?? current;
      });
    },
    [setMessages],
  );

  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  /** Sends the outbox in order; what cannot go now shows as waiting for the network. */
  const flushOutbox = useCallback(async () => {
    if (!store || !conversationId) return;
    const stop = await store
      .flush(sendQueued, classifySendFailure, {
        // The outbox is the device's: a flush from here also sends other conversations' messages.
        sent: (_row, message) => {
          if (message.conversationId === conversationId) upsert([message]);
        },
        rejected: (row, error) =>
          markPending([row.unique_id], { status: 'failed', error: failureText(error) }),
      })
      .catch(() => 'unreachable' as const);
    if (!stop) return;
    const waiting = await store.pending(conversationId).catch(() => []);
    markPending(
      waiting.map((row) => row.unique_id),
      { status: 'queued' },
    );
    if (stop === 'throttled') {
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void flushOutbox(), THROTTLED_RETRY_MS);
    }
  }, [store, conversationId, upsert, markPending]);

  // What waited in the outbox (written offline, maybe before a reload) shows, and is sent again.
  useEffect(() => {
    if (!store || !conversationId) return;
    let isCurrent = true;
    void store
      .pending(conversationId)
      .then((rows) => {
        if (!isCurrent || !rows.length) return;
        setMessages((current) => {
          const next = new Map(current);
          for (const row of rows)
            if (!next.has(row.unique_id))
              next.set(
                row.unique_id,
                placeholderRef.current(row.unique_id, {
                  body: row.body,
                  createTime: row.client_create_time,
                  clientCreateTime: row.client_create_time,
                  status: 'queued',
                  retry: { kind: 'text', body: row.body },
                }),
              );
          return next;
        });
        void flushOutbox();
      })
      .catch(() => {});
    const onOnline = () => void flushOutbox();
    window.addEventListener('online', onOnline);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', onOnline);
    };
  }, [store, conversationId, flushOutbox, setMessages]);

  const deliver = useCallback(
    async (uniqueId: string, attempt: () => Promise<ChatMessage>) => {
      try {
        upsert([await attempt()]);
      } catch (error) {
        markPending([uniqueId], { status: 'failed', error: failureText(error) });
      }
    },
    [upsert, markPending],
  );

  /** Text goes through the outbox where there is one (so it survives going offline), else straight out. */
  const sendTextOnce = (uniqueId: string, body: string, clientCreateTime: string) => {
    if (!conversationId) return;
    const direct = () =>
      deliver(uniqueId, () => chatApi.sendText(conversationId, uniqueId, body, clientCreateTime));
    if (!store) {
      void direct();
      return;
    }
    void store
      .enqueue({
        unique_id: uniqueId,
        conversation_id: conversationId,
        body,
        client_create_time: clientCreateTime,
      })
      .then(flushOutbox, direct);
  };

  /** Shows a message of mine on its way. */
  const show = (uniqueId: string, fields: Partial<ShownMessage>) =>
    setMessages((current) => new Map(current).set(uniqueId, placeholder(uniqueId, fields)));

  const sendText = (body: string, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const now = new Date().toISOString();
    const status = store && !navigator.onLine ? 'queued' : 'sending';
    show(uniqueId, { body, status, createTime: now, clientCreateTime: now, retry: { kind: 'text', body } });
    sendTextOnce(uniqueId, body, now);
  };

  const sendImage = (file: File, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const previewUrl = URL.createObjectURL(file);
    show(uniqueId, { type: CHAT_MESSAGE_TYPES.image, previewUrl, retry: { kind: 'image', file } });
    void deliver(uniqueId, () => chatApi.sendImage(conversationId, uniqueId, file));
  };

  const sendVoice = (recording: { blob: Blob; durationMs: number }, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const previewUrl = URL.createObjectURL(recording.blob);
    show(uniqueId, {
      type: CHAT_MESSAGE_TYPES.voice,
      voiceDurationMs: recording.durationMs,
      previewUrl,
      retry: { kind: 'voice', recording },
    });
    void deliver(uniqueId, () => chatApi.sendVoice(conversationId, uniqueId, recording));
  };

  /** The same unique id again: if the first attempt did reach the server, it answers that message. */
  const retry = (message: ShownMessage) => {
    if (!conversationId || !message.retry) return;
    setMessages((current) => new Map(current).set(message.uniqueId, { ...message, status: 'sending' }));
    const { retry: again } = message;
    if (again.kind === 'text') {
      sendTextOnce(message.uniqueId, again.body, message.clientCreateTime ?? message.createTime);
      return;
    }
    if (again.kind === 'voice') {
      void deliver(message.uniqueId, () =>
        chatApi.sendVoice(conversationId, message.uniqueId, again.recording),
      );
      return;
    }
    void deliver(message.uniqueId, () => chatApi.sendImage(conversationId, message.uniqueId, again.file));
  };

  return { flushOutbox, sendText, sendImage, sendVoice, retry };
}
