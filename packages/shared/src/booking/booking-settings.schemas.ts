import { z } from 'zod';
import { DEFAULT_CITY_BOOKING_SETTINGS as DEFAULTS } from './booking-settings';

/**
 * Per-city booking settings as stored (a city's row holds only what it changes) and as the web app
 * reads them: every field defaults to the number, so `parse({})` is a complete setting.
 */
const minutes = (fallback: number, max = 24 * 60) => z.number().int().min(0).max(max).default(fallback);
const amount = (fallback: number) => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(fallback);
const basisPoints = (fallback: number) => z.number().int().min(0).max(10_000).default(fallback);
const perMode = (values: { tukTuk: number; walking: number; fastest: number }, item: z.ZodNumber) =>
  z
    .object({
      tukTuk: item.default(values.tukTuk),
      walking: item.default(values.walking),
      fastest: item.default(values.fastest),
    })
    .default(values);

export const cityBookingSettingsSchema = z.object({
  leadTimeMinutes: minutes(DEFAULTS.leadTimeMinutes, 7 * 24 * 60),
  slotGridMinutes: z.number().int().min(5).max(120).default(DEFAULTS.slotGridMinutes),
  bookingHorizonDays: z.number().int().min(1).max(60).default(DEFAULTS.bookingHorizonDays),
  bufferMinutes: minutes(DEFAULTS.bufferMinutes),
  roadFactor: z.number().min(1).max(5).default(DEFAULTS.roadFactor),
  travelSpeedKmh: perMode(DEFAULTS.travelSpeedKmh, z.number().int().min(1).max(200)),
  travelStartingPrice: amount(DEFAULTS.travelStartingPrice),
  travelStartingDistanceMetres: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(DEFAULTS.travelStartingDistanceMetres),
  travelPricePerExtraKm: perMode(DEFAULTS.travelPricePerExtraKm, z.number().int().min(0).max(1e12)),
  travelFeeRoundingUnit: z.number().int().min(1).max(1_000_000).default(DEFAULTS.travelFeeRoundingUnit),
  managementFeeFixed: amount(DEFAULTS.managementFeeFixed),
  managementFeeBasisPoints: basisPoints(DEFAULTS.managementFeeBasisPoints),
  vatBasisPoints: basisPoints(DEFAULTS.vatBasisPoints),
  cancellationHandlingFee: amount(DEFAULTS.cancellationHandlingFee),
  turnAwayShareBasisPoints: basisPoints(DEFAULTS.turnAwayShareBasisPoints),
  paymentExpiryMinutes: minutes(DEFAULTS.paymentExpiryMinutes),
  acceptReminderMinutes: z
    .array(z.number().int().min(1).max(60))
    .max(5)
    .default([...DEFAULTS.acceptReminderMinutes]),
  autoDeclineMinutes: minutes(DEFAULTS.autoDeclineMinutes, 60),
  reassignChoiceMinutes: minutes(DEFAULTS.reassignChoiceMinutes),
  maxExtraClocks: z.number().int().min(0).max(20).default(DEFAULTS.maxExtraClocks),
  providerLateMinutes: minutes(DEFAULTS.providerLateMinutes),
  noShowWaitMinutes: minutes(DEFAULTS.noShowWaitMinutes),
  checkInRadiusMetres: z.number().int().min(10).max(10_000).default(DEFAULTS.checkInRadiusMetres),
  earlyEndMinutes: minutes(DEFAULTS.earlyEndMinutes),
  overrunFlagMinutes: minutes(DEFAULTS.overrunFlagMinutes),
  autoEndMinutes: minutes(DEFAULTS.autoEndMinutes),
  autoCompleteHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(DEFAULTS.autoCompleteHours),
  positionShareSeconds: z.number().int().min(5).max(300).default(DEFAULTS.positionShareSeconds),
  complaintWindowDays: z.number().int().min(1).max(365).default(DEFAULTS.complaintWindowDays),
});
