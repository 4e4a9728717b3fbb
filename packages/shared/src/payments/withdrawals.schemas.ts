import { z } from 'zod';
import { type Currency, currencySchema } from '../settings';

/**
 * Withdrawals (issue #14 items 8–10, decision 044): a provider's payout accounts, their requests to
 * be paid out, and customer service's handling of them. Amounts are integer minor units.
 */
export const WITHDRAWAL_METHODS = ['bank', 'eWallet'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/** The spec accepts savings accounts only; 'credit' exists so the form can say why it is refused. */
export const WITHDRAWAL_ACCOUNT_TYPES = ['savings', 'credit'] as const;

export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The staff actions and the status each leads to (from: the statuses it may start from). */
export const WITHDRAWAL_STAFF_ACTIONS = {
  process: { from: ['pending'], to: 'processing' },
  succeed: { from: ['pending', 'processing'], to: 'success' },
  fail: { from: ['pending', 'processing'], to: 'failed' },
} as const satisfies Record<string, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>;
export type WithdrawalStaffAction = keyof typeof WITHDRAWAL_STAFF_ACTIONS;

/** Spaces and dashes people type inside account numbers are not part of them. */
export const normaliseAccountNumber = (value: string) => value.replace(/[\s-]/g, '');

const CARD_SCHEME_PREFIX = /^(4|5[1-5]|2[2-7]|3[47]|35|6011|65|62)/;

/** Luhn's checksum, which every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let total = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/**
 * True when the "account number" is a payment card's number (15–19 digits, a card scheme's
 * prefix, Luhn valid). Payouts go to a savings account number, never a card: offline we cannot
 * tell a credit card's BIN from a debit card's, so every card number is refused and the form asks
 * for the account number printed on the passbook or in the banking app.
 */
export function looksLikeCardNumber(accountNumber: string): boolean {
  const digits = normaliseAccountNumber(accountNumber);
  return /^\d{15,19}$/.test(digits) && CARD_SCHEME_PREFIX.test(digits) && passesLuhn(digits);
}

export const withdrawalAccountBodySchema = z.object({
  method: z.enum(WITHDRAWAL_METHODS),
  accountType: z.enum(WITHDRAWAL_ACCOUNT_TYPES),
  payeeName: z.string().trim().min(1).max(100),
  accountNumber: z
    .string()
    .transform(normaliseAccountNumber)
    .pipe(z.string().regex(/^[A-Za-z0-9]{4,34}$/)),
  /** The bank's name, or the e-wallet's (ABA Pay, Wing, TrueMoney, MoMo…). */
  bankName: z.string().trim().min(1).max(100),
});
export type WithdrawalAccountBody = z.infer<typeof withdrawalAccountBodySchema>;

export const withdrawalAccountSchema = z.object({
  id: z.number().int(),
  method: z.enum(WITHDRAWAL_METHODS),
  accountType: z.literal('savings'),
  payeeName: z.string(),
  accountNumber: z.string(),
  /** For lists: the last four characters only. */
  accountNumberLast4: z.string(),
  bankName: z.string(),
  /** The card or passbook photo, served only to its owner (and customer service). */
  cardImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type WithdrawalAccount = z.infer<typeof withdrawalAccountSchema>;

/** The amount is checked by the service (a whole, positive number of minor units) for its own error. */
export const withdrawalRequestBodySchema = z.object({
  accountId: z.number().int().positive(),
  amount: z.number(),
});

export const withdrawalSchema = z.object({
  id: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  account: z.object({
    id: z.number().int(),
    method: z.enum(WITHDRAWAL_METHODS),
    payeeName: z.string(),
    accountNumberLast4: z.string(),
    bankName: z.string(),
  }),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** What the withdraw page needs before the form: how much, the rules, the provider's currency. */
export const withdrawalSummarySchema = z.object({
  currency: z.string(),
  /** Earnings and tips not yet withdrawn (sums of ledger postings). */
  available: z.number().int(),
  inFlight: z.number().int(),
  minimum: z.number().int(),
  fee: z.number().int(),
});
export type WithdrawalSummary = z.infer<typeof withdrawalSummarySchema>;

export const withdrawalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const staffWithdrawalQuerySchema = withdrawalListQuerySchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});

export const staffWithdrawalSchema = withdrawalSchema.extend({
  userId: z.number().int(),
  therapistId: z.number().int(),
  account: withdrawalSchema.shape.account.extend({ accountNumber: z.string() }),
});

export const staffWithdrawalActionBodySchema = z.object({
  reason: z.string().trim().max(500).default(''),
});

/**
 * Per-city withdrawal settings. A city's row holds only what it changes. The minimum defaults to
 * US$10 or about that much in the city's currency; the fee defaults to nothing.
 */
export const cityWithdrawalSettingsSchema = z.object({
  minimumAmount: z.number().int().min(0).optional(),
  feeAmount: z.number().int().min(0).default(0),
});
export type CityWithdrawalSettings = z.infer<typeof cityWithdrawalSettingsSchema>;

/** About US$10 in each currency's minor units. */
export const DEFAULT_MINIMUM_WITHDRAWAL: Readonly<Record<Currency, number>> = {
  USD: 1000,
  KHR: 40_000,
  THB: 35_000,
  VND: 250_000,
  CNY: 7000,
};

export const incomeQuerySchema = z.object({
  period: z.enum(['day', 'week', 'month']).default('day'),
  /** How many periods back from the current one (0: today / this week / this month). */
  offset: z.coerce.number().int().min(0).max(120).default(0),
});

export const incomeSchema = z.object({
  currency: currencySchema.or(z.string()),
  period: z.enum(['day', 'week', 'month']),
  timeZone: z.string(),
  /** The period's first and last local dates (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Earnings booked in the period (order completions and settlements) and tips. */
  earnings: z.number().int(),
  tips: z.number().int(),
  orderCount: z.number().int(),
  /** Per local day of the period, for the chart and the list. */
  days: z.array(z.object({ date: z.string(), earnings: z.number().int(), tips: z.number().int() })),
  /** Per order in the period, newest first. */
  orders: z.array(
    z.object({
      orderId: z.number().int(),
      earnings: z.number().int(),
      tips: z.number().int(),
      at: z.string(),
    }),
  ),
  /** Right now: what can be withdrawn, what is on its way out, what is owed for cash orders. */
  available: z.number().int(),
  inFlight: z.number().int(),
  owes: z.number().int(),
});
export type Income = z.infer<typeof incomeSchema>;
