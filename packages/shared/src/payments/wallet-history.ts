import { z } from 'zod';

/**
 * The wallet history's types (spec my/wallet: payment, refund, tip, top-up, withdrawal, income) and
 * which ledger entry kinds each one gathers. A kind not listed reads as 'other'. Slices that add
 * entry kinds (top-ups, tips, coupons) add them here so the history can filter by them.
 */
export const WALLET_ENTRY_TYPES = [
  'payment',
  'refund',
  'tip',
  'topUp',
  'withdrawal',
  'income',
  'other',
] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

export const ENTRY_KINDS_BY_TYPE: Readonly<Record<Exclude<WalletEntryType, 'other'>, readonly string[]>> = {
  payment: ['orderPayment', 'orderExtraPayment', 'vipPurchase'],
  // A payment confirmed after the order stopped being payable is credited back to the wallet.
  refund: [
    'orderCancellationSettlement',
    'orderExtrasReturn',
    'latePaymentToWallet',
    'orderRefund',
    'reversal',
  ],
  tip: ['tip', 'orderTip'],
  topUp: ['topUp', 'walletTopUp'],
  withdrawal: ['withdrawalHold', 'withdrawalPaid', 'withdrawalReturned'],
  income: ['orderCompletion'],
};

const TYPE_BY_KIND = new Map<string, WalletEntryType>(
  Object.entries(ENTRY_KINDS_BY_TYPE).flatMap(([type, kinds]) =>
    kinds.map((kind) => [kind, type as WalletEntryType] as const),
  ),
);

export const walletEntryTypeOf = (kind: string): WalletEntryType => TYPE_BY_KIND.get(kind) ?? 'other';

/** Every kind known to the history: 'other' is whatever is not among them. */
export const KNOWN_ENTRY_KINDS: readonly string[] = [...TYPE_BY_KIND.keys()];

export const walletHistoryFilterSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  type: z.enum(WALLET_ENTRY_TYPES).optional(),
});

export const walletHistoryRowSchema = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  type: z.enum(WALLET_ENTRY_TYPES),
  orderId: z.number().int().nullable(),
  /** The order's city's time zone, for an entry of an order: its time is shown on that clock (decision 108). */
  timeZone: z.string().nullable(),
  currency: z.string(),
  amount: z.number().int(),
  at: z.string(),
});
export type WalletHistoryRow = z.infer<typeof walletHistoryRowSchema>;

export const walletHistoryPageSchema = z.object({
  items: z.array(walletHistoryRowSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

export const walletEntryDetailSchema = walletHistoryRowSchema.extend({
  memo: z.string(),
  /** For a correction: the entry it undoes. */
  reversesEntryId: z.number().int().nullable(),
  /** The caller's own postings in this entry (another party's side is never shown). */
  postings: z.array(z.object({ purpose: z.string(), currency: z.string(), amount: z.number().int() })),
});
export type WalletEntryDetail = z.infer<typeof walletEntryDetailSchema>;
