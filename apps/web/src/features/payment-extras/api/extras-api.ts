import type {
  OrderExtrasView,
  OrderTipsView,
  PurposeAttemptView,
  TipView,
  TOP_UP_METHODS,
  TopUpOptions,
  TopUpView,
} from '@sabai/shared/payments/extras.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Tips and wallet top-ups (decision 045) and the TanStack Query keys their pages use. */
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];
export type TipMethod = 'wallet' | TopUpMethod;
export type { OrderTipsView, PurposeAttemptView, TopUpOptions };

export const extrasKeys = {
  orderExtras: (orderId: number) => ['orders', 'detail', orderId, 'extras'] as const,
  orderTips: (orderId: number) => ['orders', 'detail', orderId, 'tips'] as const,
  topUpOptions: (currency: string) => ['wallet', 'top-ups', 'options', currency] as const,
  topUp: (id: number) => ['wallet', 'top-ups', id] as const,
  attempt: (id: number) => ['payments', 'attempts', id] as const,
};

/** While a QR waits for the provider, the page asks again this often. */
export const POLL_MS = 3000;

const withKey = (idempotencyKey: string) => ({ headers: { 'idempotency-key': idempotencyKey } });

export function useOrderTips(orderId: number) {
  return useQuery({
    queryKey: extrasKeys.orderTips(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderTipsView>(`/app/orders/${orderId}/tips`, { signal, isSilent: true }),
  });
}

export const giveTip = (
  orderId: number,
  body: { amount: number; method: TipMethod },
  idempotencyKey: string,
) =>
  api.postJson<{ tip: TipView; attempt: PurposeAttemptView }>(
    `/app/orders/${orderId}/tips`,
    body,
    withKey(idempotencyKey),
  );

/** Polls an attempt until the provider's answer is in (succeeded, failed, expired). */
export function useAttempt(id: number | undefined) {
  return useQuery({
    queryKey: extrasKeys.attempt(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<PurposeAttemptView>(`/app/payments/attempts/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });
}

export function useTopUpOptions(currency: string) {
  return useQuery({
    queryKey: extrasKeys.topUpOptions(currency),
    queryFn: ({ signal }) =>
      api.get<TopUpOptions>('/app/wallet/top-ups/options', { signal, isSilent: true, query: { currency } }),
  });
}

export const startTopUp = (
  body: { amount: number; currency: string; method: TopUpMethod },
  idempotencyKey: string,
) =>
  api.postJson<{ topUp: TopUpView; attempt: PurposeAttemptView }>(
    '/app/wallet/top-ups',
    body,
    withKey(idempotencyKey),
  );

/** The caller's wallet balances (the ledger's postings), refreshed when a top-up is credited. */
export function useWalletBalances() {
  return useQuery({
    queryKey: ['wallet', 'balances'] as const,
    queryFn: ({ signal }) =>
      api.get<{ balances: { currency: string; amount: number }[] }>('/app/wallet', {
        signal,
        isSilent: true,
      }),
  });
}

/** What an order's extra clocks and dearer projects charged, were paid and is still due. */
export function useOrderExtras(orderId: number) {
  return useQuery({
    queryKey: extrasKeys.orderExtras(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderExtrasView>(`/app/orders/${orderId}/extras`, { signal, isSilent: true }),
  });
}

export const payOrderExtras = (orderId: number, method: TipMethod, idempotencyKey: string) =>
  api.postJson<PurposeAttemptView>(
    `/app/orders/${orderId}/extras/payments`,
    { method },
    withKey(idempotencyKey),
  );
