import { ORDER_PUSH_TYPES, type PushType } from '@sabai/shared/notifications/notification-types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The window event the spec names: an order's push arrived while the app is open. */
export const ORDER_REFRESH_EVENT = 'order-refresh';

interface WorkerMessage {
  kind?: string;
  url?: string;
  payload?: { type?: number; extra?: { extraMap?: { ordersId?: number | null } } };
}

/**
 * What the service worker (public/push-sw.js) tells an open page (decision 056): a push arrived
 * (an order's type refreshes the order pages and the workbench, so type 12's automatic decline
 * takes its order out of the incoming popup), or a tapped notification asks to open a page here.
 * The socket usually brought the same news first; a refetch more is harmless.
 */
export function PushBridge() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message?.kind === 'sabai-open' && typeof message.url === 'string' && message.url.startsWith('/')) {
        navigate(message.url);
        return;
      }
      if (message?.kind !== 'sabai-push') return;
      const type = message.payload?.type;
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      if (typeof type === 'number' && ORDER_PUSH_TYPES.includes(type as PushType)) {
        const ordersId = message.payload?.extra?.extraMap?.ordersId ?? null;
        window.dispatchEvent(new CustomEvent(ORDER_REFRESH_EVENT, { detail: { ordersId, type } }));
        // The order pages' and the workbench's query keys (features/orders, features/workbench).
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['workbench'] });
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate, queryClient]);
  return null;
}
