import { randomUUID } from 'node:crypto';
import type { PaymentRail } from '@sabai/shared/ledger/ledger-accounts';
import type { AppConfig } from '../../config/env';
import { type Clock, systemClock } from '../../lib/clock';
import { khqrPayload, promptPayPayload, type QrPaymentFacts, vietQrPayload } from './qr-payloads';

/**
 * Our reference for a new attempt, which is also its bill number on the QR: 20 capitals and digits,
 * what every rail's bill number takes (PromptPay's ref1 is the strictest).
 */
export const newMerchantReference = (): string => randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase();

/** The rails that need an outside provider (wallet and cash do not). */
export type ExternalRail = Exclude<PaymentRail, 'wallet' | 'cash'>;
export const EXTERNAL_RAILS: readonly ExternalRail[] = ['khqr', 'promptpay', 'vietqr', 'card'];

export interface CreatedPayment {
  /** The provider's id for this payment: the webhook names it (KHQR: the payload's md5). */
  reference: string;
  /** What the pay page shows: a QR payload, or a checkout reference for card. */
  payload: string;
  /** The bill number the payload carries (null where the rail has none, e.g. card). */
  billNumber: string | null;
  /** Who the payer's banking app says they pay. */
  payeeName: string | null;
}

export type ProviderPaymentStatus = 'succeeded' | 'pending' | 'failed';
/** A refund takes days on most rails: `pending` until the money reached the payer. */
export type ProviderRefundStatus = 'succeeded' | 'pending' | 'failed';

/**
 * The provider's answer that this payment cannot be refunded through its rail (too old, a rail
 * without refunds): the customer is asked for bank card details instead (decision 042).
 */
export class RefundNotSupportedError extends Error {
  override name = 'RefundNotSupportedError';
}

/** What our attempt expects the provider to have received. */
export interface ExpectedPayment {
  amount: number;
  currency: string;
}

/**
 * One payment provider behind one interface (issue #14, decisions 039 and 040). Every call is
 * idempotent at the provider: `refund` with the same `refundKey` refunds once.
 */
export interface PaymentProvider {
  createPayment(input: {
    /** Ours, unique per attempt: the provider's bill number (capitals and digits, at most 20). */
    merchantReference: string;
    orderNumber: string;
    amount: number;
    currency: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<CreatedPayment>;
  /**
   * Asks the provider what became of a payment (the webhook's word is checked against this). Given
   * what we expect, a provider that reports the amount paid answers `failed` when it differs.
   */
  confirm(reference: string, expected?: ExpectedPayment): Promise<ProviderPaymentStatus>;
  /**
   * True when nobody calls us back and we must ask (Bakong's KHQR): the pay page's polling and a
   * sweep then call `confirm` for pending attempts (decision 040).
   */
  readonly isPolled?: boolean;
  /** Starts a refund (idempotent by `refundKey`); throws `RefundNotSupportedError` where it cannot. */
  refund(input: { reference: string; amount: number; currency: string; refundKey: string }): Promise<{
    reference: string;
  }>;
  /** What became of a refund this provider started (the refund job polls it). */
  refundStatus(reference: string): Promise<ProviderRefundStatus>;
}

/** How a rail turns a payment into what the payer scans, and whom it names. */
export interface QrRail {
  payeeName: string;
  build(facts: QrPaymentFacts): { payload: string; md5?: string };
}

/** The rails' real EMVCo payloads for the configured (or, outside production, sandbox) payees. */
export function qrRailsFrom(config: AppConfig): Partial<Record<ExternalRail, QrRail>> {
  const rails: Partial<Record<ExternalRail, QrRail>> = {};
  if (config.KHQR_ACCOUNT_ID && config.KHQR_MERCHANT_NAME && config.KHQR_MERCHANT_CITY) {
    const payee = {
      accountId: config.KHQR_ACCOUNT_ID,
      merchantName: config.KHQR_MERCHANT_NAME,
      merchantCity: config.KHQR_MERCHANT_CITY,
    };
    rails.khqr = { payeeName: payee.merchantName, build: (facts) => khqrPayload(payee, facts) };
  }
  if (config.PROMPTPAY_BILLER_ID) {
    const payee = { billerId: config.PROMPTPAY_BILLER_ID };
    rails.promptpay = {
      payeeName: config.PROMPTPAY_PAYEE_NAME ?? 'Sabai',
      build: (facts) => ({ payload: promptPayPayload(payee, facts) }),
    };
  }
  if (config.VIETQR_BANK_BIN && config.VIETQR_ACCOUNT_NUMBER) {
    const payee = { bankBin: config.VIETQR_BANK_BIN, accountNumber: config.VIETQR_ACCOUNT_NUMBER };
    rails.vietqr = {
      payeeName: config.VIETQR_PAYEE_NAME ?? 'Sabai',
      build: (facts) => ({ payload: vietQrPayload(payee, facts) }),
    };
  }
  return rails;
}
export interface SandboxOptions {
  /** The rail's QR builder: the sandbox then emits the rail's real EMVCo payload. */
  qr?: QrRail;
  /** The clock the sandbox's refunds age on (tests move it). */
  clock?: Clock;
  /** How long after it was asked a sandbox refund reads `succeeded`; default two days. */
  refundDelayMs?: number;
  /** A sandbox that answers every refund with "not refundable" (a rail without refunds). */
  isRefundable?: boolean;
}

const TWO_DAYS_MS = 2 * 24 * 60 * 60_000;

/**
 * The development sandbox: a provider that lives in this process. A payment is "paid" once the
 * sandbox's simulate-paid control (development only) marks it; a payment it never created is
 * unknown (failed). Given its rail's QR builder it emits that rail's real EMVCo payload (the pay
 * page shows a scannable QR with the right amount); card, which has no QR, gets a checkout
 * reference.
 */
export function createSandboxProvider(rail: ExternalRail, options: SandboxOptions = {}) {
  const clock = options.clock ?? systemClock;
  const refundDelayMs = options.refundDelayMs ?? TWO_DAYS_MS;
  const qr = options.qr;
  const created = new Set<string>();
  const paid = new Set<string>();
  const failed = new Set<string>();
  const refunds = new Map<string, string>();
  /** When each refund (by its reference) was asked for. */
  const refundStartedAt = new Map<string, number>();
  const provider: PaymentProvider & {
    markPaid(reference: string): void;
    markFailed(reference: string): void;
    refundCount(): number;
  } = {
    async createPayment(input) {
      const reference = `sbx_${rail}_${input.merchantReference}`;
      created.add(reference);
      if (qr) {
        const built = qr.build({
          amount: input.amount,
          currency: input.currency,
          billNumber: input.merchantReference,
          orderNumber: input.orderNumber,
          createdAt: input.createdAt,
          expiresAt: input.expiresAt,
        });
        return {
          reference,
          payload: built.payload,
          billNumber: input.merchantReference,
          payeeName: qr.payeeName,
        };
      }
      return { reference, payload: `sbx_checkout_${reference}`, billNumber: null, payeeName: null };
    },
    async confirm(reference) {
      if (paid.has(reference)) return 'succeeded';
      if (failed.has(reference)) return 'failed';
      return created.has(reference) ? 'pending' : 'failed';
    },
    async refund(input) {
      if (options.isRefundable === false) throw new RefundNotSupportedError(`${rail} cannot refund`);
      const existing = refunds.get(input.refundKey);
      if (existing) return { reference: existing };
      const reference = `sbx_refund_${randomUUID().slice(0, 8)}`;
      refunds.set(input.refundKey, reference);
      refundStartedAt.set(reference, clock.now().getTime());
      return { reference };
    },
    async refundStatus(reference) {
      const startedAt = refundStartedAt.get(reference);
      if (startedAt === undefined) return 'failed';
      return clock.now().getTime() - startedAt >= refundDelayMs ? 'succeeded' : 'pending';
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
