/**
 * The ledger's vocabulary (issue #14): which accounts exist and which of them may go below zero.
 * Zod-free so the web app's wallet pages can use the names.
 *
 * Sign convention: a posting's amount is money moving INTO the account (negative: out of it), and
 * an account's balance is the sum of its postings. Accounts that hold money for someone (a wallet,
 * a provider's earnings, an order's escrow, VAT owed to the state) never go below zero. Accounts
 * that stand for the world outside or for the platform's own spending are where money comes from:
 * a payment rail's clearing account goes negative by what came in through that rail, the coupon
 * expense account by what coupons paid, and a provider's "owes the platform" account by what they
 * collected in cash on the platform's behalf.
 */
export const ACCOUNT_PURPOSES = {
  /** A customer's prepaid balance, per currency. */
  customerWallet: { mayGoNegative: false, owner: 'user' },
  /** What a provider (a therapist or a store) has earned and not yet withdrawn. */
  providerEarnings: { mayGoNegative: false, owner: 'provider' },
  /** Tips received by a provider, kept apart so income pages can show them. */
  tips: { mayGoNegative: false, owner: 'provider' },
  /** Money a provider asked to withdraw, held until the payout succeeds or fails. */
  withdrawalsInFlight: { mayGoNegative: false, owner: 'provider' },
  /** What a provider owes the platform (its share of orders paid in cash). */
  providerOwes: { mayGoNegative: true, owner: 'provider' },
  /** Money paid for one order and not yet served, settled or refunded. */
  orderEscrow: { mayGoNegative: false, owner: 'order' },
  /** The platform's share and fees. */
  platformRevenue: { mayGoNegative: false, owner: 'platform' },
  /** VAT collected and owed to the state. */
  vatPayable: { mayGoNegative: false, owner: 'platform' },
  /** What coupons paid for (the platform's expense, never the provider's). */
  couponExpense: { mayGoNegative: true, owner: 'platform' },
  /** One per payment rail: where money enters from (and leaves to) the outside world. */
  railClearing: { mayGoNegative: true, owner: 'platform' },
} as const;

export type AccountPurpose = keyof typeof ACCOUNT_PURPOSES;
export const ACCOUNT_PURPOSE_NAMES = Object.keys(ACCOUNT_PURPOSES) as AccountPurpose[];
export const NEGATIVE_ALLOWED_PURPOSES = ACCOUNT_PURPOSE_NAMES.filter(
  (purpose) => ACCOUNT_PURPOSES[purpose].mayGoNegative,
);

/** The ways money reaches us: each has its own clearing account per currency. */
export const PAYMENT_RAILS = ['wallet', 'khqr', 'promptpay', 'vietqr', 'card', 'cash'] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** The ways money leaves to providers (withdrawals, decision 044): clearing accounts like the above. */
export const PAYOUT_RAILS = ['bankTransfer', 'eWalletTransfer'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];

export type AccountOwnerKind = 'platform' | 'user' | 'therapist' | 'store' | 'order';

/** Names one account; the ledger creates it on first use. */
export interface AccountRef {
  readonly ownerKind: AccountOwnerKind;
  /** 0 for the platform. */
  readonly ownerId: number;
  readonly purpose: AccountPurpose;
  /** Only for railClearing. */
  readonly rail?: PaymentRail | PayoutRail;
  readonly currency: string;
}
