import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { cityBookingSettings, seedRuns } from '../db/schema';

const FEES_DEMO_SEED_NAME = 'demo-fees-v1';

/**
 * The Cambodian demo cities' fees, in US cents (decision 107). A tuk-tuk across Phnom Penh costs a
 * couple of dollars: travel starts at $2.00 for the first 3 km, then $0.50 a km by tuk-tuk ($0.75 by
 * the fastest way, nothing extra walking), rounded to 25 cents; the platform adds a $1.00 management
 * fee, and a cancellation before the therapist accepted keeps a $1.00 handling fee. Siem Reap's
 * tuk-tuks are a little cheaper. Bangkok's baht fees are its own demo's (bangkok-demo.ts).
 */
export const DEMO_CITY_FEES: Record<'Phnom Penh' | 'Siem Reap', Partial<CityBookingSettings>> = {
  'Phnom Penh': {
    travelStartingPrice: 200,
    travelStartingDistanceMetres: 3000,
    travelPricePerExtraKm: { tukTuk: 50, walking: 0, fastest: 75 },
    travelFeeRoundingUnit: 25,
    managementFeeFixed: 100,
    cancellationHandlingFee: 100,
  },
  'Siem Reap': {
    travelStartingPrice: 150,
    travelStartingDistanceMetres: 3000,
    travelPricePerExtraKm: { tukTuk: 50, walking: 0, fastest: 75 },
    travelFeeRoundingUnit: 25,
    managementFeeFixed: 100,
    cancellationHandlingFee: 100,
  },
};

/**
 * Gives Phnom Penh and Siem Reap their demo fees, once per database, before the demo orders are
 * quoted. A city whose settings were already saved (by staff, or a demo database from before) keeps
 * them: only a city without a settings row gets the demo's.
 */
export async function seedFeesDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cities = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, names->>'en' as name from cities where names->>'en' in ('Phnom Penh', 'Siem Reap')`,
    );
    // No demo cities yet: nothing to price, try on the next start.
    if (cities.length === 0) return false;
    const inserted = await tx
      .insert(seedRuns)
      .values({ name: FEES_DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;
    for (const city of cities) {
      const settings = DEMO_CITY_FEES[city.name as keyof typeof DEMO_CITY_FEES];
      await tx
        .insert(cityBookingSettings)
        .values({ cityId: Number(city.id), settings })
        .onConflictDoNothing();
    }
    return true;
  });
}
