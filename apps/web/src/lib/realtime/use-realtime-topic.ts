import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS } from '../storage';
import { appConnection } from './app-connection';

/** Whether the app's socket is open now (for a "live" / "reconnecting" hint). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (onChange) => appConnection().onStatus(onChange),
    () => appConnection().isOpen,
    () => false,
  );
}

/**
 * Hears one topic while the component is mounted (`null`: nothing yet, e.g. the id is loading).
 * The handlers may change every render; the subscription does not.
 */
export function useRealtimeTopic(
  topic: string | null | undefined,
  onEvent: (event: RealtimeEventMessage) => void,
  options: { onResync?: () => void } = {},
): { connected: boolean } {
  const handlers = useRef({ onEvent, onResync: options.onResync });
  handlers.current = { onEvent, onResync: options.onResync };
  useEffect(() => {
    if (!topic) return;
    return appConnection().subscribe(topic, {
      onEvent: (event) => handlers.current.onEvent(event),
      onResync: () => handlers.current.onResync?.(),
    });
  }, [topic]);
  return { connected: useRealtimeConnected() };
}

/**
 * The common case: a page shows server data and refetches it when anything happens on the topic
 * (an event, a replay gap, a reconnect). Events carry what changed, not the whole state, so the
 * HTTP answer stays the one source of truth.
 */
export function useLiveQueries(
  topic: string | null | undefined,
  queryKeys: readonly QueryKey[],
): { connected: boolean } {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  const refresh = () => {
    for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  };
  return useRealtimeTopic(topic, refresh, { onResync: refresh });
}

/** `user:<id>` of the signed-in user: every event about my orders (and later chats, notifications). */
export function myUserTopic(): string | null {
  const user = readStored<{ id?: number }>(STORAGE_KEYS.userInfo);
  return typeof user?.id === 'number' ? `user:${user.id}` : null;
}
