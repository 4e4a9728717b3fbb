import { z } from 'zod';
import { PAYMENT_RAILS } from '../ledger/ledger-accounts';

/**
 * Paying for an order (issue #14, decision 039). The client names only the method: the amount is
 * always the order's payable, read on the server.
 */
export const PAYMENT_METHODS = PAYMENT_RAILS;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

export const payOrderRequestSchema = z.object({ method: z.enum(PAYMENT_METHODS) }).strict();

export const paymentAttemptSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  /** What the pay page renders (a QR payload for the QR rails, a checkout reference for card); '' for wallet and cash. */
  payload: z.string(),
  /** Whom the QR pays, as the payer's banking app names them (decision 040); null for wallet, cash and card. */
  payeeName: z.string().nullable(),
  /** The bill number the QR carries, unique per attempt; null for wallet, cash and card. */
  billNumber: z.string().nullable(),
  providerReference: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentAttemptView = z.infer<typeof paymentAttemptSchema>;

export const walletSchema = z.object({
  balances: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});

export const walletHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const walletHistoryItemSchema = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  orderId: z.number().int().nullable(),
  currency: z.string(),
  amount: z.number().int(),
  at: z.string(),
});
