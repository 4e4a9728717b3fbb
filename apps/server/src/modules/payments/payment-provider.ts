import { randomUUID } from 'node:crypto';
import type { PaymentRail } from '@sabai/shared/ledger/ledger-accounts';

/** The rails that need an outside provider (wallet and cash do not). */
export type ExternalRail = Exclude<PaymentRail, 'wallet' | 'cash'>;
export const EXTERNAL_RAILS: readonly ExternalRail[] = ['khqr', 'promptpay', 'vietqr', 'card'];

export interface CreatedPayment {
  /** The provider's id for this payment: the webhook names it. */
  reference: string;
  /** What the pay page shows: a QR payload, or a checkout reference for card. */
  payload: string;
}

export type ProviderPaymentStatus = 'succeeded' | 'pending' | 'failed';

/**
 * One payment provider behind one interface (issue #14, decision 039). Every call is idempotent at
 * the provider: `refund` with the same `refundKey` refunds once.
 */
export interface PaymentProvider {
  createPayment(input: {
    /** Ours, unique per attempt: the provider's bill number. */
    merchantReference: string;
    orderNumber: string;
    amount: number;
    currency: string;
    expiresAt: Date;
  }): Promise<CreatedPayment>;
  /** Asks the provider what became of a payment (the webhook's word is checked against this). */
  confirm(reference: string): Promise<ProviderPaymentStatus>;
  refund(input: { reference: string; amount: number; currency: string; refundKey: string }): Promise<{
    reference: string;
  }>;
}

/**
 * The development sandbox: a provider that lives in this process. A payment is "paid" once the
 * sandbox's simulate-paid control (development only) marks it; a payment it never created is
 * unknown (failed). Its QR payloads are plain text, not EMVCo: the real adapters (bakong-khqr,
 * promptparse, vietnam-qr-pay) replace it per rail later.
 */
export function createSandboxProvider(rail: ExternalRail) {
  const created = new Set<string>();
  const paid = new Set<string>();
  const failed = new Set<string>();
  const refunds = new Map<string, string>();
  const provider: PaymentProvider & {
    markPaid(reference: string): void;
    markFailed(reference: string): void;
    refundCount(): number;
  } = {
    async createPayment(input) {
      const reference = `sbx_${rail}_${input.merchantReference}`;
      created.add(reference);
      const payload = [
        'SABAI-SANDBOX',
        rail,
        reference,
        input.orderNumber,
        String(input.amount),
        input.currency,
        input.expiresAt.toISOString(),
      ].join('|');
      return { reference, payload };
    },
    async confirm(reference) {
      if (paid.has(reference)) return 'succeeded';
      if (failed.has(reference)) return 'failed';
      return created.has(reference) ? 'pending' : 'failed';
    },
    async refund(input) {
      const existing = refunds.get(input.refundKey);
      if (existing) return { reference: existing };
      const reference = `sbx_refund_${randomUUID().slice(0, 8)}`;
      refunds.set(input.refundKey, reference);
      return { reference };
    },
    markPaid(reference) {
      paid.add(reference);
    },
    markFailed(reference) {
      failed.add(reference);
    },
    refundCount: () => refunds.size,
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
