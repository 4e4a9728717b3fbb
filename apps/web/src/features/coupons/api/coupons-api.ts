import type { CouponPage, CouponStatus, CouponView } from '@sabai/shared/payments/coupons.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type { CouponStatus, CouponView };

export const couponKeys = {
  all: ['coupons'] as const,
  list: (status: CouponStatus) => ['coupons', 'list', status] as const,
  usable: ['coupons', 'usable'] as const,
};

/** My coupons in one status, a page at a time (my/hongbao/youhuijuan). */
export function useCouponList(status: CouponStatus, isEnabled: boolean) {
  return usePagedQuery<CouponView>({
    queryKey: couponKeys.list(status),
    path: '/app/coupons',
    query: { status },
    isEnabled,
  });
}

/** The booking page's picker: my unused coupons (the first fifty, soonest to end first). */
export function useUsableCoupons(isEnabled: boolean) {
  return useQuery({
    queryKey: couponKeys.usable,
    queryFn: ({ signal }) =>
      api.get<CouponPage>('/app/coupons', {
        signal,
        isSilent: true,
        query: { status: 'unused', pageSize: 50 },
      }),
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

/** Redeeming a code; the key makes a retried tap redeem once. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) =>
      api.postJson<CouponView>('/app/coupons/redeem', { code }, { headers: { 'idempotency-key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
