import type { VipOffer } from '@sabai/shared/payments/coupons.schemas';
import type { VIP_RAIL_METHODS, VipPaymentStarted } from '@sabai/shared/payments/vip-payments.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { VipOffer };
export type VipRailMethod = (typeof VIP_RAIL_METHODS)[number];

export const vipKeys = { offer: (cityId: string) => ['vip', cityId] as const };

export function useVipOffer(cityId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: vipKeys.offer(cityId),
    queryFn: ({ signal }) => api.get<VipOffer>('/app/vip', { signal, isSilent: true, query: { cityId } }),
    enabled: isEnabled,
  });
}

interface VipPurchase {
  purchaseId: number;
  price: number;
  currency: string;
  endsAt: string;
}

/** Buys or renews from the wallet; the key makes a retried tap pay once. */
export function useBuyVip(cityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      api.postJson<VipPurchase>(
        '/app/vip/purchases',
        { cityId: Number(cityId) },
        { headers: { 'idempotency-key': key } },
      ),
    onSuccess: async () => {
      // The offer (end date), the user record (vipLevel) and any booking quote (member prices).
      await queryClient.invalidateQueries({ queryKey: ['vip'] });
      await queryClient.invalidateQueries();
    },
  });
}

/** Starts paying the card through a rail (decision 051): the answer carries the attempt's QR. */
export function usePayVipByRail(cityId: string) {
  return useMutation({
    mutationFn: ({ method, key }: { method: VipRailMethod; key: string }) =>
      api.postJson<VipPaymentStarted>(
        '/app/vip/payments',
        { cityId: Number(cityId), method },
        { headers: { 'idempotency-key': key } },
      ),
  });
}
