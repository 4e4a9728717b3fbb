import type { RefundBankDetails, RefundView } from '@sabai/shared/payments/refunds.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './orders-api';

/** The order's refund (decision 042): processing with its promised day, asking for a bank card, or done. */
export const refundKey = (orderId: number) => [...orderKeys.detail(orderId), 'refund'] as const;

export function useOrderRefund(orderId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: refundKey(orderId),
    queryFn: ({ signal }) =>
      api.get<RefundView | null>(`/app/orders/${orderId}/refund`, { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

export function useSubmitBankDetails(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: RefundBankDetails) =>
      api.put<RefundView>(`/app/orders/${orderId}/refund/bank-details`, details),
    onSuccess: (view) => queryClient.setQueryData(refundKey(orderId), view),
  });
}
