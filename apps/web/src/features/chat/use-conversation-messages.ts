import {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_TYPES,
  CHAT_REVOKED_EVENT,
  type ChatMessage,
} from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useRealtimeTopic } from '../../lib/realtime/use-realtime-topic';
import { randomId } from '../../lib/storage';
import { chatApi } from './api/chat-api';
import { type ChatStore, chatStore, type OutboxRow, type SendFailure } from './local/chat-store';

/** After the server asked to slow down, the outbox tries again this much later. */
const THROTTLED_RETRY_MS = 5_000;

/** Whether a failed send is worth trying again later (kept in the outbox) or was refused for good. */
export function classifySendFailure(error: unknown): SendFailure {
  if (!isApiError(error)) return { isTransient: true, isThrottled: false };
  if (error.code === ERROR_CODES.chatSendingTooFast.code) return { isTransient: true, isThrottled: true };
  return { isTransient: error.kind !== 'business', isThrottled: false };
}

const sendQueued = (row: OutboxRow) =>
  chatApi.sendText(row.conversation_id, row.unique_id, row.body, row.client_create_time);

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

const sorted = (messages: Map<string, ShownMessage>) =>
  [...messages.values()].sort((a, b) => {
    // Confirmed messages by sequence; those still on their way after them, in the order they were written.
    if (a.seq && b.seq) return a.seq - b.seq;
    if (a.seq) return -1;
    if (b.seq) return 1;
    return a.createTime.localeCompare(b.createTime);
  });

/**
 * The messages of one conversation: the newest page, older pages on demand, live ones on
 * `chat:<id>`, and after a reconnect everything since the last sequence seen. Sending is
 * optimistic: the message shows at once under its client unique id, and the server's answer (or
 * the live event, whichever comes first) confirms it; a resend keeps the id, so it never shows twice.
 *
 * With IndexedDB (`local/chat-store`), history loads in the spec's order: the newest page from the
 * server, then older pages from this device's cache, then older from the server; without the
 * server the cached newest page shows. Text goes through the outbox, so what is written offline
 * waits there and goes out in order when the connection is back. Without IndexedDB (`storage:
 * 'unavailable'`) all of this falls back to the server alone.
 */
export function useConversationMessages(conversationId: number | null, meId: number, peerId: number | null) {
  const [messages, setMessages] = useState<Map<string, ShownMessage>>(new Map());
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const lastSeq = useRef(0);
  const onPeerMessage = useRef<() => void>(() => {});
  const [store, setStore] = useState<ChatStore | null | undefined>(undefined);
  const storeRef = useRef<ChatStore | null | undefined>(undefined);

  useEffect(() => {
    let isCurrent = true;
    void chatStore().then((opened) => {
      storeRef.current = opened;
      if (isCurrent) setStore(opened);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  /** Shows messages the server confirmed and keeps them on this device. */
  const upsert = useCallback((incoming: ChatMessage[], fromCache = false) => {
    if (!fromCache && incoming.length) void storeRef.current?.remember(incoming).catch(() => {});
    setMessages((current) => {
      const next = new Map(current);
      for (const message of incoming) {
        const known = next.get(message.uniqueId);
        if (known?.previewUrl) URL.revokeObjectURL(known.previewUrl);
        next.set(message.uniqueId, { ...message, status: 'sent' });
        if (message.seq > lastSeq.current) lastSeq.current = message.seq;
      }
      return next;
    });
  }, []);

  const load = useCallback(async () => {
    if (!conversationId || store === undefined) return;
    setIsLoading(true);
    setLoadError(null);
    try {
      const page = await chatApi.messages(conversationId);
      upsert(page.items);
      setHasOlder(page.hasMore);
    } catch (error) {
      // Without the server, this device's copy: the history reads, the outbox shows what waits.
      const cached = (await store?.newest(conversationId).catch(() => [])) ?? [];
      if (cached.length) {
        upsert(cached, true);
        setHasOlder((cached[0]?.seq ?? 1) > 1);
      } else setLoadError(error);
    } finally {
      setIsLoading(false);
    }
  }, [conversationId, store, upsert]);

  useEffect(() => {
    void load();
  }, [load]);

  const placeholderRef = useRef<
    ((uniqueId: string, fields: Partial<ShownMessage>) => ShownMessage) | undefined
  >(undefined);

  /** Marks this conversation's messages still on their way as `status`. */
  const markPending = useCallback((uniqueIds: string[], fields: Partial<ShownMessage>) => {
    setMessages((current) => {
      let next: Map<string, ShownMessage> | null = null;
      for (const uniqueId of uniqueIds) {
        const known = current.get(uniqueId);
        if (!known || known.status === 'sent') continue;
        next ??= new Map(current);
        next.set(uniqueId, { ...known, ...fields });
      }
      return next ?? current;
    });
  }, []);

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
          markPending([row.unique_id], {
            status: 'failed',
            error: isApiError(error) ? error.message : String(error),
          }),
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
                placeholderRef.current?.(row.unique_id, {
                  body: row.body,
                  createTime: row.client_create_time,
                  clientCreateTime: row.client_create_time,
                  status: 'queued',
                  retry: { kind: 'text', body: row.body },
                }) as ShownMessage,
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
  }, [store, conversationId, flushOutbox]);

  /** After a reconnect or a replay gap: what came after the last sequence seen, page by page. */
  const catchUp = useCallback(async () => {
    if (!conversationId) return;
    for (let round = 0; round < 20; round++) {
      const page = await chatApi.messages(conversationId, { since: lastSeq.current }).catch(() => null);
      if (!page) return;
      upsert(page.items);
      if (page.items.some((message) => message.fromUid !== meId)) onPeerMessage.current();
      if (!page.hasMore) return;
    }
  }, [conversationId, meId, upsert]);

  const onEvent = useCallback(
    (event: RealtimeEventMessage) => {
      if (event.type !== CHAT_MESSAGE_EVENT && event.type !== CHAT_REVOKED_EVENT) return;
      const message = event.payload as ChatMessage;
      if (message.conversationId !== conversationId) return;
      // A gap in the sequence means something was missed: fetch it rather than show a hole.
      if (event.type === CHAT_MESSAGE_EVENT && message.seq > lastSeq.current + 1 && lastSeq.current > 0) {
        void catchUp();
        return;
      }
      upsert([message]);
      if (event.type === CHAT_MESSAGE_EVENT && message.fromUid !== meId) onPeerMessage.current();
    },
    [conversationId, meId, upsert, catchUp],
  );
  const { connected } = useRealtimeTopic(conversationId ? `chat:${conversationId}` : null, onEvent, {
    onResync: () => void catchUp(),
  });
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void catchUp();
      void flushOutbox();
    }
    wasConnected.current = connected;
  }, [connected, catchUp, flushOutbox]);

  const loadOlder = useCallback(async () => {
    if (!conversationId || isLoadingOlder || !hasOlder) return;
    const oldest = sorted(messages).find((message) => message.seq > 0)?.seq;
    if (!oldest) return;
    setIsLoadingOlder(true);
    try {
      // The spec's order: older from this device first, then from the server where the cache ends.
      const cached = (await store?.olderThan(conversationId, oldest).catch(() => [])) ?? [];
      if (cached.length) {
        upsert(cached, true);
        setHasOlder((cached[0]?.seq ?? 1) > 1);
        return;
      }
      const page = await chatApi.messages(conversationId, { before: oldest });
      upsert(page.items);
      setHasOlder(page.hasMore);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [conversationId, hasOlder, isLoadingOlder, messages, store, upsert]);

  const placeholder = (uniqueId: string, fields: Partial<ShownMessage>): ShownMessage => ({
    msgId: 0,
    uniqueId,
    conversationId: conversationId ?? 0,
    seq: 0,
    fromUid: meId,
    toUid: peerId ?? 0,
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
  });
  placeholderRef.current = placeholder;

  const deliver = useCallback(
    async (uniqueId: string, attempt: () => Promise<ChatMessage>) => {
      try {
        upsert([await attempt()]);
      } catch (error) {
        setMessages((current) => {
          const known = current.get(uniqueId);
          if (!known || known.status === 'sent') return current;
          const next = new Map(current);
          next.set(uniqueId, {
            ...known,
            status: 'failed',
            error: isApiError(error) ? error.message : String(error),
          });
          return next;
        });
      }
    },
    [upsert],
  );

  /** Text goes through the outbox where there is one (so it survives going offline), else straight out. */
  const sendTextOnce = (uniqueId: string, body: string, clientCreateTime: string) => {
    if (!conversationId) return;
    if (!store) {
      void deliver(uniqueId, () => chatApi.sendText(conversationId, uniqueId, body, clientCreateTime));
      return;
    }
    void store
      .enqueue({
        unique_id: uniqueId,
        conversation_id: conversationId,
        body,
        client_create_time: clientCreateTime,
      })
      .then(flushOutbox, () =>
        deliver(uniqueId, () => chatApi.sendText(conversationId, uniqueId, body, clientCreateTime)),
      );
  };

  const sendText = (body: string, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const now = new Date().toISOString();
    const status = store && !navigator.onLine ? 'queued' : 'sending';
    setMessages((current) =>
      new Map(current).set(
        uniqueId,
        placeholder(uniqueId, {
          body,
          status,
          createTime: now,
          clientCreateTime: now,
          retry: { kind: 'text', body },
        }),
      ),
    );
    sendTextOnce(uniqueId, body, now);
  };

  const sendImage = (file: File, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const previewUrl = URL.createObjectURL(file);
    setMessages((current) =>
      new Map(current).set(
        uniqueId,
        placeholder(uniqueId, { type: CHAT_MESSAGE_TYPES.image, previewUrl, retry: { kind: 'image', file } }),
      ),
    );
    void deliver(uniqueId, () => chatApi.sendImage(conversationId, uniqueId, file));
  };

  const sendVoice = (recording: { blob: Blob; durationMs: number }, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    const previewUrl = URL.createObjectURL(recording.blob);
    setMessages((current) =>
      new Map(current).set(
        uniqueId,
        placeholder(uniqueId, {
          type: CHAT_MESSAGE_TYPES.voice,
          voiceDurationMs: recording.durationMs,
          previewUrl,
          retry: { kind: 'voice', recording },
        }),
      ),
    );
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

  return {
    messages: sorted(messages).filter((message) => !message.isDelete),
    hasOlder,
    isLoading,
    loadError,
    isLoadingOlder,
    connected,
    /** `unavailable`: no IndexedDB here, so no history on the device and no offline outbox. */
    storage:
      store === undefined ? ('opening' as const) : store ? ('device' as const) : ('unavailable' as const),
    reload: load,
    loadOlder,
    sendText,
    sendImage,
    sendVoice,
    retry,
    applyServerMessage: (message: ChatMessage) => upsert([message]),
    setOnPeerMessage: (handler: () => void) => {
      onPeerMessage.current = handler;
    },
  };
}
