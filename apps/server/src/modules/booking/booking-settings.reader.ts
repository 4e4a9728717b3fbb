import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';

const TTL_SECONDS = 60;

/**
 * A city's booking settings for the web app: cached a minute per process (a derived copy; the
 * rules themselves read the stored row), and only for a city that exists.
 */
export function createBookingSettingsReader(deps: {
  clock: Clock;
  settingsOf: (cityId: number) => Promise<CityBookingSettings>;
  /** Throws not found for an unknown city. */
  assertCity: (cityId: number) => Promise<unknown>;
}) {
  const cache = createTtlCache<number, z.output<typeof cityBookingSettingsSchema>>({
    ttlMs: TTL_SECONDS * 1000,
    maxEntries: 500,
    clock: deps.clock,
  });
  return {
    maxAgeSeconds: TTL_SECONDS,
    ofCity: (cityId: number) =>
      cache.get(cityId, async () => {
        await deps.assertCity(cityId);
        // Through the schema again: the answer is exactly the shape `/docs` shows.
        return cityBookingSettingsSchema.parse(await deps.settingsOf(cityId));
      }),
  };
}

export type BookingSettingsReader = ReturnType<typeof createBookingSettingsReader>;
