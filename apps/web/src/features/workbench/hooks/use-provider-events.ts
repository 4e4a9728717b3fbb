import { useQueryClient } from '@tanstack/react-query';
import { myUserTopic, useRealtimeTopic } from '../../../lib/realtime/use-realtime-topic';
import { workbenchKeys } from '../api/workbench-api';

export interface OrderEvent {
  orderId: number;
  to?: string;
  transition?: string;
}

const orderEventOf = (payload: unknown): OrderEvent | null => {
  const value = payload as Partial<OrderEvent> | null;
  return value && typeof value.orderId === 'number' ? (value as OrderEvent) : null;
};

/**
 * The provider hears their orders on `user:<me>`: any event refreshes the workbench and that order;
 * `onOrderEvent` sees each one (the popup closes on the system's automatic decline).
 */
export function useProviderEvents(onOrderEvent?: (event: OrderEvent) => void) {
  const queryClient = useQueryClient();
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: ['workbench'] });
  return useRealtimeTopic(
    myUserTopic(),
    (message) => {
      const event = orderEventOf(message.payload);
      if (!event) return refreshAll();
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.allOrders });
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.order(event.orderId) });
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.store });
      onOrderEvent?.(event);
    },
    { onResync: refreshAll },
  );
}
