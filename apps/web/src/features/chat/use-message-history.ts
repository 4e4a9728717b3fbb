import { CHAT_MESSAGE_EVENT, CHAT_REVOKED_EVENT, type ChatMessage } from '@sabai/shared/chat/chat.schemas';
import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useRealtimeTopic } from '../../lib/realtime/use-realtime-topic';
import { chatApi } from './api/chat-api';
import type { ChatStore } from './local/chat-store';
import { type ShownMessages, sorted } from './shown-message';

/**
 * A conversation's history as it reaches the page: the newest page, older pages on demand (this
 * device's cache first, then the server: the spec's order), live messages and recalls on
 * `chat:<id>`, and after a reconnect or a gap everything since the last sequence seen. Without the
 * server, the cached newest page shows.
 */
export function useMessageHistory(options: {
  conversationId: number | null;
  meId: number;
  /** This device's cache: undefined while it opens, null without IndexedDB. */
  store: ChatStore | null | undefined;
  messages: ShownMessages;
  /** The highest sequence shown. */
  lastSeq: RefObject<number>;
  upsert: (incoming: ChatMessage[], fromCache?: boolean) => void;
  /** Called when the other side wrote (the page marks the conversation read). */
  onPeerMessage: RefObject<() => void>;
}) {
  const { conversationId, meId, store, messages, lastSeq, upsert, onPeerMessage } = options;
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);

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
  }, [conversationId, meId, upsert, lastSeq, onPeerMessage]);

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
    [conversationId, meId, upsert, catchUp, lastSeq, onPeerMessage],
  );
  const { connected } = useRealtimeTopic(conversationId ? `chat:${conversationId}` : null, onEvent, {
    onResync: () => void catchUp(),
  });

  const loadOlder = useCallback(async () => {
    if (!conversationId || isLoadingOlder || !hasOlder) return;
    const oldest = sorted(messages).find((message) => message.seq > 0)?.seq;
    if (!oldest) return;
    setIsLoadingOlder(true);
    try {
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

  return { hasOlder, isLoading, loadError, isLoadingOlder, connected, load, loadOlder, catchUp };
}
