import { z } from 'zod';
import { PAYMENT_RAILS } from '../ledger/ledger-accounts';

/**
 * Payments beyond an order's first payment (issue #14 items 3, 5, 8; decision 045): the extra
 * payment of a dearer project or extra clocks, tips after the service, wallet top-ups. Every
 * attempt has a purpose and a subject (the order, the tip, the top-up); the amount is always
 * decided on the server from the subject, never taken from a payment request.
 */
export const PAYMENT_PURPOSES = ['order', 'orderExtra', 'tip', 'topUp', 'vip'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A positive whole number of minor units (cents, riel, satang, dong): no fraction, no zero. */
export const minorAmountSchema = z.number().int().min(1).max(1_000_000_000);
export const currencySchema = z.string().regex(/^[A-Z]{3}$/);

export const payExtraRequestSchema = z.object({ method: z.enum(PAYMENT_RAILS) }).strict();

export const tipRequestSchema = z
  .object({ amount: minorAmountSchema, method: z.enum(PAYMENT_RAILS) })
  .strict();

/** Top-ups come in through a rail: never from the wallet itself, never in cash. */
export const TOP_UP_METHODS = ['khqr', 'promptpay', 'vietqr', 'card'] as const;
export const topUpRequestSchema = z
  .object({ amount: minorAmountSchema, currency: currencySchema, method: z.enum(TOP_UP_METHODS) })
  .strict();

export const purposeAttemptSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(PAYMENT_PURPOSES),
  subjectId: z.number().int(),
  orderId: z.number().int().nullable(),
  method: z.enum(PAYMENT_RAILS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
  payload: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PurposeAttemptView = z.infer<typeof purposeAttemptSchema>;

export const tipSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TipView = z.infer<typeof tipSchema>;

export const orderTipsSchema = z.object({
  /** Paid tips only: what the provider received. */
  tips: z.array(tipSchema),
  paidTotal: z.number().int(),
  currency: z.string(),
  /** For the customer's tip sheet; empty for the provider. */
  presets: z.array(z.number().int()),
  maxAmount: z.number().int(),
  canTip: z.boolean(),
});
export type OrderTipsView = z.infer<typeof orderTipsSchema>;

export const tipStartedSchema = z.object({ tip: tipSchema, attempt: purposeAttemptSchema });

export const topUpSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(TOP_UP_METHODS),
  status: z.enum(['pending', 'paid']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TopUpView = z.infer<typeof topUpSchema>;
export const topUpStartedSchema = z.object({ topUp: topUpSchema, attempt: purposeAttemptSchema });

export const topUpOptionsSchema = z.object({
  currency: z.string(),
  presets: z.array(z.number().int()),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  methods: z.array(z.enum(TOP_UP_METHODS)),
});
export type TopUpOptions = z.infer<typeof topUpOptionsSchema>;

export const orderExtrasSchema = z.object({
  currency: z.string(),
  /** Extra clocks and dearer projects charged so far. */
  charged: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
});
export type OrderExtrasView = z.infer<typeof orderExtrasSchema>;

/** Defaults per currency in minor units (tip presets ≈ 1/2/5 USD; top-up 5–500 USD). */
const CURRENCY_DEFAULTS: Record<
  string,
  { tipPresets: number[]; tipMax: number; topUpMin: number; topUpMax: number; topUpPresets: number[] }
> = {
  USD: {
    tipPresets: [100, 200, 500],
    tipMax: 10_000,
    topUpMin: 500,
    topUpMax: 50_000,
    topUpPresets: [1_000, 2_000, 5_000, 10_000],
  },
  KHR: {
    tipPresets: [4_000, 8_000, 20_000],
    tipMax: 400_000,
    topUpMin: 20_000,
    topUpMax: 2_000_000,
    topUpPresets: [40_000, 80_000, 200_000, 400_000],
  },
  THB: {
    tipPresets: [3_500, 7_000, 17_500],
    tipMax: 350_000,
    topUpMin: 17_500,
    topUpMax: 1_750_000,
    topUpPresets: [35_000, 70_000, 175_000, 350_000],
  },
  VND: {
    tipPresets: [25_000, 50_000, 125_000],
    tipMax: 2_500_000,
    topUpMin: 125_000,
    topUpMax: 12_500_000,
    topUpPresets: [250_000, 500_000, 1_250_000, 2_500_000],
  },
};

/**
 * Per-city extras settings, kept in the same `payment_city_settings` row as decision 039's (a city
 * stores only what it changes). Amounts are in the city's currency's minor units.
 */
export const cityExtrasSettingsSchema = z.object({
  tipPresets: z.array(minorAmountSchema).min(1).max(6).optional(),
  tipMaxAmount: minorAmountSchema.optional(),
  topUpMinAmount: minorAmountSchema.optional(),
  topUpMaxAmount: minorAmountSchema.optional(),
  topUpPresets: z.array(minorAmountSchema).min(1).max(6).optional(),
});

export interface ExtrasSettings {
  tipPresets: number[];
  tipMaxAmount: number;
  topUpMinAmount: number;
  topUpMaxAmount: number;
  topUpPresets: number[];
}

/** A city's extras settings with the currency's defaults filled in. */
export function extrasSettingsFor(currency: string, stored: unknown): ExtrasSettings {
  const parsed = cityExtrasSettingsSchema.safeParse(stored ?? {});
  const own = parsed.success ? parsed.data : {};
  const base = CURRENCY_DEFAULTS[currency] ??
    CURRENCY_DEFAULTS.USD ?? {
      tipPresets: [100],
      tipMax: 10_000,
      topUpMin: 500,
      topUpMax: 50_000,
      topUpPresets: [1_000],
    };
  return {
    tipPresets: own.tipPresets ?? base.tipPresets,
    tipMaxAmount: own.tipMaxAmount ?? base.tipMax,
    topUpMinAmount: own.topUpMinAmount ?? base.topUpMin,
    topUpMaxAmount: own.topUpMaxAmount ?? base.topUpMax,
    topUpPresets: own.topUpPresets ?? base.topUpPresets,
  };
}
