import type { CashDueView, CashReceivedView } from '@sabai/shared/payments/refunds.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workbenchKeys } from './workbench-api';

/** Cash on service (decision 042): what the provider collects, and their word that they have it. */
export const cashKey = (orderId: number) => [...workbenchKeys.order(orderId), 'cash'] as const;

export function useCashDue(orderId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: cashKey(orderId),
    queryFn: ({ signal }) =>
      api.get<CashDueView | null>(`/app/orders/${orderId}/cash`, { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

/** One idempotency key per confirmation the provider makes: a retried tap books the cash once. */
export function useConfirmCashReceived(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      api.postJson<CashReceivedView>(
        `/app/orders/${orderId}/cash-received`,
        {},
        {
          headers: { 'idempotency-key': idempotencyKey },
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKey(orderId) }),
  });
}
