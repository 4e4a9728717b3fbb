import { z } from 'zod';

/**
 * The provider's own switches on the workbench: online (the catalog's therapist state `available`)
 * or offline (`resting`), and how far they travel for a home visit. The radius is bounded so a
 * typo cannot make a provider bookable across a whole country or nowhere at all.
 */
export const SERVICE_RADIUS_KM = { min: 1, max: 50 } as const;

export const workStatusBodySchema = z.object({ isOnline: z.boolean() });
export const serviceRadiusBodySchema = z.object({
  serviceRadiusKm: z.number().int().min(SERVICE_RADIUS_KM.min).max(SERVICE_RADIUS_KM.max),
});

export const workSettingsSchema = z.object({
  /** The provider's public profile (the therapist customers book). */
  therapistId: z.number().int(),
  isOnline: z.boolean(),
  serviceRadiusKm: z.number().int(),
  serviceRadiusMinKm: z.number().int(),
  serviceRadiusMaxKm: z.number().int(),
  /** The provider's city: its booking settings (accept timeout, reminders) apply to their orders. */
  cityId: z.number().int(),
  /** The provider's city's IANA zone: the workbench shows times and takes time off in it. */
  timeZone: z.string(),
  /**
   * The platform's share of the service price in the provider's city (basis points): the workbench
   * shows an order's earnings after it, by the settlement's own rule (decision 108).
   */
  platformShareBasisPoints: z.number().int(),
});
export type WorkSettings = z.infer<typeof workSettingsSchema>;
