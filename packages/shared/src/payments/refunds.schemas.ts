import { z } from 'zod';

/**
 * Refunds over days, payouts to a bank card and cash on service (issue #14 items 3–4, decision 042).
 *
 * A refund to the original route is `processing` until the provider confirms it (`refunded`).
 * Where the route cannot refund (cash, or a provider that says "not refundable") the customer is
 * asked for bank card details (`needsBankDetails`), then customer service pays out by hand
 * (`awaitingPayout` → `refunded`).
 */
export const REFUND_STATUSES = ['processing', 'needsBankDetails', 'awaitingPayout', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_ROUTES = ['original', 'bankTransfer'] as const;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** A card or account number as printed: digits, spaces and dashes; 6–34 digits (IBAN's length). */
export function isBankAccountNumber(value: string): boolean {
  if (!/^[0-9][0-9 -]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, '').length;
  return digits >= 6 && digits <= 34;
}

/** What the customer types so customer service can pay a refund to their bank card. */
export const refundBankDetailsSchema = z
  .object({
    holderName: trimmed(100),
    bankName: trimmed(100),
    accountNumber: z.string().trim().refine(isBankAccountNumber),
  })
  .strict();
export type RefundBankDetails = z.infer<typeof refundBankDetailsSchema>;

export const refundViewSchema = z.object({
  orderId: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  route: z.enum(REFUND_ROUTES),
  /** The payment rail the money came through. */
  method: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The latest day the refund is promised by (original route only). */
  expectedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Only the order's customer and staff read it. */
  bankDetails: refundBankDetailsSchema.nullable(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** Customer service records a manual payout to the customer's bank card. */
export const refundPayoutRequestSchema = z
  .object({
    /** Exactly what was transferred, in minor units: must equal what is still to refund. */
    amount: z.number().int().positive(),
    /** The bank transfer's reference, for the customer and the books. */
    transferReference: trimmed(100),
    reason: trimmed(500),
  })
  .strict();
export type RefundPayoutRequest = z.infer<typeof refundPayoutRequestSchema>;

export const cashReceivedViewSchema = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  receivedAt: z.string(),
});

/** For the order's provider: the cash to collect, and whether they said they have it. */
export const cashDueViewSchema = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  receivedAt: z.string().nullable(),
});
export type CashDueView = z.infer<typeof cashDueViewSchema>;
export type CashReceivedView = z.infer<typeof cashReceivedViewSchema>;
