import { z } from 'zod';
import { CURRENCIES, type Currency } from '../settings';

/**
 * Coupons and the VIP annual card (issue #14 items 6–7, decision 043). A coupon takes a fixed
 * amount (minor units of its currency) or a percentage (basis points, optionally capped) off an
 * order of at least its minimum. "Expired" is never stored: it is an unused coupon past its window.
 */
export const COUPON_KINDS = ['amount', 'percent'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

const amount = z.number().int().min(0).max(1_000_000_000);

export const couponSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COUPON_KINDS),
  /** For `amount`: what it takes off, in minor units of `currency`. */
  amount: z.number().int(),
  /** For `percent`: basis points (1000 = 10 %). */
  percentBasisPoints: z.number().int(),
  /** For `percent`: the most it takes off (0: no cap). */
  capAmount: z.number().int(),
  currency: z.enum(CURRENCIES),
  minimumAmount: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  status: z.enum(COUPON_STATUSES),
  orderId: z.number().int().nullable(),
  usedAt: z.string().nullable(),
});
export type CouponView = z.infer<typeof couponSchema>;

export const couponListQuerySchema = z.object({
  status: z.enum(COUPON_STATUSES).default('unused'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const couponPageSchema = z.object({
  items: z.array(couponSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type CouponPage = z.infer<typeof couponPageSchema>;

/** Codes are 16 characters of an alphabet without look-alikes; spaces and dashes typed are ignored. */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 16;
export const normaliseRedeemCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const redeemCouponBodySchema = z.object({ code: z.string().trim().min(1).max(64) }).strict();

export const createCouponBatchBodySchema = z
  .object({
    kind: z.enum(COUPON_KINDS),
    amount: amount.default(0),
    percentBasisPoints: z.number().int().min(0).max(10_000).default(0),
    capAmount: amount.default(0),
    currency: z.enum(CURRENCIES),
    minimumAmount: amount.default(0),
    validFrom: z.iso.datetime({ offset: true }),
    validUntil: z.iso.datetime({ offset: true }),
    count: z.number().int().min(1).max(1000),
    /** Why the batch exists (campaign, compensation): kept with who made it, as its audit. */
    reason: z.string().trim().min(1).max(200),
  })
  .strict()
  .refine((batch) => (batch.kind === 'amount' ? batch.amount > 0 : batch.percentBasisPoints > 0), {
    message: 'an amount coupon needs an amount, a percent coupon a percentage',
  })
  .refine((batch) => Date.parse(batch.validUntil) > Date.parse(batch.validFrom), {
    message: 'the window must end after it starts',
  });
export const couponBatchResultSchema = z.object({
  batchId: z.number().int(),
  /** Shown once: only their hashes are stored. */
  codes: z.array(z.string()),
});

/** The annual card as the VIP page shows it (the 3099 switch decides whether it is on sale). */
export const vipOfferSchema = z.object({
  isOpen: z.boolean(),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  days: z.number().int(),
  isMember: z.boolean(),
  /** The current membership's end, or null. */
  endsAt: z.string().nullable(),
  /** What a purchase now would extend the membership to. */
  nextEndsAt: z.string(),
});
export type VipOffer = z.infer<typeof vipOfferSchema>;
export const vipPurchaseBodySchema = z.object({ cityId: z.number().int().positive() }).strict();
export const vipOfferQuerySchema = z.object({ cityId: z.coerce.number().int().positive() });
export const vipPurchaseResultSchema = z.object({
  purchaseId: z.number().int(),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  endsAt: z.string(),
});

/**
 * Per-city VIP settings: the annual card's price in the city's currency (minor units). A city's
 * row holds only what it changes; the default price depends on the currency.
 */
export const VIP_DAYS = 365;
export const DEFAULT_VIP_PRICE: Readonly<Record<Currency, number>> = {
  USD: 2900,
  KHR: 120_000,
  THB: 99_000,
  VND: 699_000,
  CNY: 19_900,
};

/** A city's VIP row (only what it changes): the price, VAT included, in the city's currency. */
export const cityVipSettingsSchema = z.object({ price: z.number().int().min(1).optional() });
