import type { ChatMessage } from '@sabai/shared/chat/chat.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChatStore, chatStore } from './local/chat-store';
import { type ShownMessages, sorted } from './shown-message';
import { useMessageHistory } from './use-message-history';
import { useMessageSending } from './use-message-sending';

export { classifySendFailure, type ShownMessage } from './shown-message';

/**
 * The messages of one conversation, as the page shows them: the shown messages (keyed by unique
 * id) and this device's cache (`local/chat-store`, IndexedDB) are kept here; reading them in is
 * `useMessageHistory` (pages, live, catch-up), writing is `useMessageSending` (optimistic, through
 * the offline outbox). Without IndexedDB (`storage: 'unavailable'`) both fall back to the server.
 */
export function useConversationMessages(conversationId: number | null, meId: number, peerId: number | null) {
  const [messages, setMessages] = useState<ShownMessages>(new Map());
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

  const history = useMessageHistory({
    conversationId,
    meId,
    store,
    messages,
    lastSeq,
    upsert,
    onPeerMessage,
  });
  const sending = useMessageSending({ conversationId, meId, peerId, store, setMessages, upsert });

  // Back online: what was missed comes in, what waited goes out.
  const { connected, catchUp } = history;
  const { flushOutbox } = sending;
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void catchUp();
      void flushOutbox();
    }
    wasConnected.current = connected;
  }, [connected, catchUp, flushOutbox]);

  return {
    messages: sorted(messages).filter((message) => !message.isDelete),
    hasOlder: history.hasOlder,
    isLoading: history.isLoading,
    loadError: history.loadError,
    isLoadingOlder: history.isLoadingOlder,
    connected,
    /** `unavailable`: no IndexedDB here, so no history on the device and no offline outbox. */
    storage:
      store === undefined ? ('opening' as const) : store ? ('device' as const) : ('unavailable' as const),
    reload: history.load,
    loadOlder: history.loadOlder,
    sendText: sending.sendText,
    sendImage: sending.sendImage,
    sendVoice: sending.sendVoice,
    retry: sending.retry,
    applyServerMessage: (message: ChatMessage) => upsert([message]),
    setOnPeerMessage: (handler: () => void) => {
      onPeerMessage.current = handler;
    },
  };
}

export type ConversationMessages = ReturnType<typeof useConversationMessages>;
