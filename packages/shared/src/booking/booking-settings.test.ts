import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type CityBookingSettings, DEFAULT_CITY_BOOKING_SETTINGS } from './booking-settings';
import { cityBookingSettingsSchema } from './booking-settings.schemas';

describe('city booking settings', () => {
  it('parse an empty setting to the issue’s defaults', () => {
    const settings = cityBookingSettingsSchema.parse({});
    expect(settings).toEqual(DEFAULT_CITY_BOOKING_SETTINGS);
    expect(settings).toMatchObject({
      leadTimeMinutes: 60,
      slotGridMinutes: 15,
      bookingHorizonDays: 7,
      bufferMinutes: 15,
      roadFactor: 1.4,
      travelSpeedKmh: { walking: 5, tukTuk: 20, fastest: 25 },
      paymentExpiryMinutes: 15,
      autoDeclineMinutes: 3,
      acceptReminderMinutes: [1, 2],
      maxExtraClocks: 4,
      providerLateMinutes: 20,
      noShowWaitMinutes: 15,
      turnAwayShareBasisPoints: 5000,
      autoEndMinutes: 60,
      autoCompleteHours: 72,
      checkInRadiusMetres: 500,
      cancellationHandlingFee: 0,
    });
  });

  it('keep a city’s own numbers and fill the rest, one travel mode at a time', () => {
    const settings = cityBookingSettingsSchema.parse({
      bufferMinutes: 20,
      travelPricePerExtraKm: { tukTuk: 50 },
    });
    expect(settings.bufferMinutes).toBe(20);
    expect(settings.travelPricePerExtraKm).toEqual({ tukTuk: 50, walking: 0, fastest: 0 });
    expect(settings.leadTimeMinutes).toBe(60);
  });

  it('refuse fractional amounts, shares above 100 % and a road factor below 1', () => {
    expect(cityBookingSettingsSchema.safeParse({ travelStartingPrice: 1.5 }).success).toBe(false);
    expect(cityBookingSettingsSchema.safeParse({ turnAwayShareBasisPoints: 10_001 }).success).toBe(false);
    expect(cityBookingSettingsSchema.safeParse({ roadFactor: 0.9 }).success).toBe(false);
    expect(cityBookingSettingsSchema.safeParse({ slotGridMinutes: 0 }).success).toBe(false);
  });

  it('describe the same shape as the zod-free type', () => {
    expectTypeOf<z.output<typeof cityBookingSettingsSchema>>().toExtend<CityBookingSettings>();
    expectTypeOf<keyof z.output<typeof cityBookingSettingsSchema>>().toEqualTypeOf<
      keyof CityBookingSettings
    >();
  });
});
