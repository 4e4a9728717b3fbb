import type { OrderPaymentMethods } from '@sabai/shared/payments/pay-pages.schemas';
import type { PaymentAttemptView, PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The pay pages' requests (decision 039's payments routes, decision 041's methods read). The client
 * names only the method: the amount is always the order's payable, read on the server.
 */
export type { PaymentMethod } from '@sabai/shared/payments/payments.schemas';

/** An attempt as the server answers it (`payeeName`, `billNumber`: null for wallet, cash and card). */
export type PaymentAttempt = PaymentAttemptView;

export interface WalletBalances {
  balances: { currency: string; amount: number }[];
}

/** Methods that show a QR code to scan (the others are the wallet, cash and card). */
export const QR_METHODS: readonly PaymentMethod[] = ['khqr', 'promptpay', 'vietqr'];
/** Methods the customer completes outside the app, confirmed afterwards by the provider. */
export const isProviderMethod = (method: PaymentMethod) => method !== 'wallet' && method !== 'cash';

export const paymentKeys = {
  methods: (orderId: number) => ['payments', 'methods', orderId] as const,
  current: (orderId: number) => ['payments', 'current', orderId] as const,
  wallet: ['wallet'] as const,
};

export function usePaymentMethods(orderId: number | undefined) {
  return useQuery({
    queryKey: paymentKeys.methods(orderId ?? 0),
    queryFn: ({ signal }) =>
      api.get<OrderPaymentMethods>(`/app/orders/${orderId}/payments/methods`, { signal, isSilent: true }),
    enabled: orderId !== undefined,
  });
}

export function useWallet(isEnabled = true) {
  return useQuery({
    queryKey: paymentKeys.wallet,
    queryFn: ({ signal }) => api.get<WalletBalances>('/app/wallet', { signal, isSilent: true }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** The order's latest attempt; `pollMs` (given the attempt read last) re-reads it while a payment waits. */
export function useCurrentAttempt(
  orderId: number | undefined,
  pollMs: number | false | ((attempt: PaymentAttempt | null | undefined) => number | false) = false,
) {
  return useQuery({
    queryKey: paymentKeys.current(orderId ?? 0),
    queryFn: ({ signal }) =>
      api.get<PaymentAttempt | null>(`/app/orders/${orderId}/payments/current`, { signal, isSilent: true }),
    enabled: orderId !== undefined,
    refetchInterval: (query) => (typeof pollMs === 'function' ? pollMs(query.state.data) : pollMs),
    staleTime: 0,
  });
}

/** Pays (wallet, cash) or starts a QR or card payment; the key makes a retried tap pay once. */
export const payOrder = (orderId: number, method: PaymentMethod, idempotencyKey: string) =>
  api.postJson<PaymentAttempt>(
    `/app/orders/${orderId}/payments`,
    { method },
    { headers: { 'idempotency-key': idempotencyKey } },
  );

/** Development only: the sandbox marks the attempt paid and sends its signed webhook. */
export const simulatePaid = (attemptId: number) =>
  api.postJson<{ outcome: string }>(`/app/dev/payments/attempts/${attemptId}/simulate-paid`);
