/**
 * Every number booking runs on, per city, with the defaults issue #13 gives. Zod-free (the
 * schema with these defaults is `booking-settings.schemas.ts`) so availability and the order pages
 * can read settings without loading zod. Amounts are whole minor units of the city's currency.
 */
export const TRAVEL_MODES = ['tukTuk', 'walking', 'fastest'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export type PerTravelMode<T> = { readonly [mode in TravelMode]: T };

export interface CityBookingSettings {
  /** How far ahead of now the earliest bookable start lies. */
  readonly leadTimeMinutes: number;
  /** Starts are offered on this grid of local time. */
  readonly slotGridMinutes: number;
  /** How many days ahead starts are offered. */
  readonly bookingHorizonDays: number;
  /** Kept free after each home visit's end (packing up, the way out). */
  readonly bufferMinutes: number;
  /** Straight-line distance times this is the estimated road distance. */
  readonly roadFactor: number;
  readonly travelSpeedKmh: PerTravelMode<number>;
  readonly travelStartingPrice: number;
  /** Included in the starting price; the metres beyond it cost the per-kilometre price. */
  readonly travelStartingDistanceMetres: number;
  readonly travelPricePerExtraKm: PerTravelMode<number>;
  /** The travel fee is rounded (half up) to a multiple of this (e.g. 100 riel where coins are not used). */
  readonly travelFeeRoundingUnit: number;
  readonly managementFeeFixed: number;
  readonly managementFeeBasisPoints: number;
  readonly vatBasisPoints: number;
  /** Kept when a customer cancels before a provider accepted. */
  readonly cancellationHandlingFee: number;
  /** Share of the service price kept when the customer turns the provider away at the door (or does not open). */
  readonly turnAwayShareBasisPoints: number;
  /** An unpaid order expires after this. */
  readonly paymentExpiryMinutes: number;
  readonly acceptReminderMinutes: readonly number[];
  readonly autoDeclineMinutes: number;
  /** How long a customer whose provider declined may choose another before the order is refunded. */
  readonly reassignChoiceMinutes: number;
  readonly maxExtraClocks: number;
  /** A provider not arrived this long after the start lets the customer cancel free. */
  readonly providerLateMinutes: number;
  /** How long an arrived provider tries to reach the customer before reporting a no-show. */
  readonly noShowWaitMinutes: number;
  readonly checkInRadiusMetres: number;
  /** Ending earlier than this before the booked end needs a reason. */
  readonly earlyEndMinutes: number;
  /** A service running this long past its booked end is flagged to customer service. */
  readonly overrunFlagMinutes: number;
  /** A service still running this long after its booked end is ended by the system. */
  readonly autoEndMinutes: number;
  /** A finished order without a review completes after this. */
  readonly autoCompleteHours: number;
  readonly positionShareSeconds: number;
  /** How long after the service a complaint can still be filed. */
  readonly complaintWindowDays: number;
}

/**
 * The numbers. Where it gives none (travel prices, management fee, VAT, the complaint and
 * reassignment windows, the starting distance), the default is ours (decision 024): prices default to
 * zero, so a city charges nothing it was not configured to charge.
 */
export const DEFAULT_CITY_BOOKING_SETTINGS: CityBookingSettings = {
  leadTimeMinutes: 60,
  slotGridMinutes: 15,
  bookingHorizonDays: 7,
  bufferMinutes: 15,
  roadFactor: 1.4,
  travelSpeedKmh: { tukTuk: 20, walking: 5, fastest: 25 },
  travelStartingPrice: 0,
  travelStartingDistanceMetres: 3000,
  travelPricePerExtraKm: { tukTuk: 0, walking: 0, fastest: 0 },
  travelFeeRoundingUnit: 1,
  managementFeeFixed: 0,
  managementFeeBasisPoints: 0,
  vatBasisPoints: 0,
  cancellationHandlingFee: 0,
  turnAwayShareBasisPoints: 5000,
  paymentExpiryMinutes: 15,
  acceptReminderMinutes: [1, 2],
  autoDeclineMinutes: 3,
  reassignChoiceMinutes: 30,
  maxExtraClocks: 4,
  providerLateMinutes: 20,
  noShowWaitMinutes: 15,
  checkInRadiusMetres: 500,
  earlyEndMinutes: 10,
  overrunFlagMinutes: 30,
  autoEndMinutes: 60,
  autoCompleteHours: 72,
  positionShareSeconds: 15,
  complaintWindowDays: 7,
};
