import {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_TYPES,
  CHAT_REVOKED_EVENT,
  type ChatMessage,
} from '@sabai/shared/chat/chat.schemas';
import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useRealtimeTopic } from '../../lib/realtime/use-realtime-topic';
import { randomId } from '../../lib/storage';
import { chatApi } from './api/chat-api';

/** A message as the page shows it: confirmed by the server, or still on its way from this device. */
export type ShownMessage = ChatMessage & {
  status: 'sent' | 'sending' | 'failed';
  /** What to send again on retry. */
  retry?: { kind: 'text'; body: string } | { kind: 'image'; file: File };
  error?: string;
  /** A local preview of an image on its way. */
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
 */
export function useConversationMessages(conversationId: number | null, meId: number, peerId: number | null) {
  const [messages, setMessages] = useState<Map<string, ShownMessage>>(new Map());
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const lastSeq = useRef(0);
  const onPeerMessage = useRef<() => void>(() => {});

  const upsert = useCallback((incoming: ChatMessage[]) => {
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
    if (!conversationId) return;
    setIsLoading(true);
    setLoadError(null);
    try {
      const page = await chatApi.messages(conversationId);
      upsert(page.items);
      setHasOlder(page.hasMore);
    } catch (error) {
      setLoadError(error);
    } finally {
      setIsLoading(false);
    }
  }, [conversationId, upsert]);

  useEffect(() => {
    void load();
  }, [load]);

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
    if (connected && !wasConnected.current) void catchUp();
    wasConnected.current = connected;
  }, [connected, catchUp]);

  const loadOlder = useCallback(async () => {
    if (!conversationId || isLoadingOlder || !hasOlder) return;
    const oldest = sorted(messages).find((message) => message.seq > 0)?.seq;
    if (!oldest) return;
    setIsLoadingOlder(true);
    try {
      const page = await chatApi.messages(conversationId, { before: oldest });
      upsert(page.items);
      setHasOlder(page.hasMore);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [conversationId, hasOlder, isLoadingOlder, messages, upsert]);

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

  const sendText = (body: string, uniqueId = randomId(32)) => {
    if (!conversationId) return;
    setMessages((current) =>
      new Map(current).set(uniqueId, placeholder(uniqueId, { body, retry: { kind: 'text', body } })),
    );
    void deliver(uniqueId, () => chatApi.sendText(conversationId, uniqueId, body));
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

  /** The same unique id again: if the first attempt did reach the server, it answers that message. */
  const retry = (message: ShownMessage) => {
    if (!conversationId || !message.retry) return;
    setMessages((current) => new Map(current).set(message.uniqueId, { ...message, status: 'sending' }));
    const { retry: again } = message;
    void deliver(message.uniqueId, () =>
      again.kind === 'text'
        ? chatApi.sendText(conversationId, message.uniqueId, again.body)
        : chatApi.sendImage(conversationId, message.uniqueId, again.file),
    );
  };

  return {
    messages: sorted(messages).filter((message) => !message.isDelete),
    hasOlder,
    isLoading,
    loadError,
    isLoadingOlder,
    connected,
    reload: load,
    loadOlder,
    sendText,
    sendImage,
    retry,
    applyServerMessage: (message: ChatMessage) => upsert([message]),
    setOnPeerMessage: (handler: () => void) => {
      onPeerMessage.current = handler;
    },
  };
}
