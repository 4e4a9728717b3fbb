import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { cities, cityVotes, countries } from '../../db/schema';

export interface CityRow {
  id: number;
  names: Record<string, string>;
  status: 'open' | 'voting' | 'closed';
  countryIso2: string;
  timeZone: string;
  currency: string;
  latitude: number;
  longitude: number;
  sortOrder: number;
}

const cityColumns = {
  id: cities.id,
  names: cities.names,
  status: cities.status,
  countryIso2: countries.iso2,
  timeZone: cities.timeZone,
  currency: cities.currency,
  latitude: cities.latitude,
  longitude: cities.longitude,
  sortOrder: cities.sortOrder,
};

export function createCitiesRepository(db: Db) {
  return {
    // async: a drizzle query is a lazy thenable that runs again on every await; the service caches
    // the promise, so it must be a real one.
    listCities: async (): Promise<CityRow[]> =>
      db
        .select(cityColumns)
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.countryId))
        .orderBy(asc(cities.sortOrder), asc(cities.id)),

    async findCity(id: number): Promise<CityRow | undefined> {
      const [row] = await db
        .select(cityColumns)
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.countryId))
        .where(eq(cities.id, id))
        .limit(1);
      return row;
    },

    /** Votes per city; cities without votes are absent. */
    async voteCounts(): Promise<Map<number, number>> {
      const rows = await queryRows<{ city_id: number; votes: number }>(
        db,
        sql`select city_id, count(*)::int as votes from city_votes group by city_id`,
      );
      return new Map(rows.map((row) => [row.city_id, row.votes]));
    },

    async votedCityIds(userId: number): Promise<Set<number>> {
      const rows = await db
        .select({ cityId: cityVotes.cityId })
        .from(cityVotes)
        .where(eq(cityVotes.userId, userId));
      return new Set(rows.map((row) => row.cityId));
    },

    /** Answers false when the user had already voted (the primary key keeps one vote per user). */
    async addVote(cityId: number, userId: number): Promise<boolean> {
      const inserted = await db
        .insert(cityVotes)
        .values({ cityId, userId })
        .onConflictDoNothing()
        .returning({ cityId: cityVotes.cityId });
      return inserted.length > 0;
    },

    async countVotes(cityId: number): Promise<number> {
      const [row] = await queryRows<{ votes: number }>(
        db,
        sql`select count(*)::int as votes from city_votes where city_id = ${cityId}`,
      );
      return row?.votes ?? 0;
    },
  };
}

export type CitiesRepository = ReturnType<typeof createCitiesRepository>;
