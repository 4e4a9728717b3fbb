import { z } from 'zod';

/**
 * Per-city payment settings (issue #14: "every number is a per-city setting with that default").
 * A city's row holds only what it changes; `parse({})` is the complete default.
 */
export const cityPaymentSettingsSchema = z.object({
  /** A QR or card payment not confirmed within this is expired (a new one may be asked for). */
  attemptExpiryMinutes: z.number().int().min(1).max(60).default(10),
  /** Cash on service is offered only where the city allows it. */
  isCashAllowed: z.boolean().default(false),
  /** The platform's share of the service price on completion (basis points; 2000 = 20 %). */
  platformShareBasisPoints: z.number().int().min(0).max(10_000).default(2000),
  /** A refund to the original route is promised within this many working days (spec: 2–5). */
  refundMaxWorkingDays: z.number().int().min(1).max(30).default(5),
  /** How often the refund job asks the provider whether a refund has arrived. */
  refundCheckEveryMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(24 * 60),
});
export type CityPaymentSettings = z.infer<typeof cityPaymentSettingsSchema>;
