import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';

export type CountryRow = typeof countries.$inferSelect;

export function createGeoRepository(db: Db) {
  return {
    listCountries: (): Promise<CountryRow[]> =>
      db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.iso2)),
  };
}

export type GeoRepository = ReturnType<typeof createGeoRepository>;
