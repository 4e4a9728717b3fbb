import { therapistPageSchema } from '@sabai/shared/catalog/catalog.schemas';
import { LANGUAGES } from '@sabai/shared/i18n';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedCatalogDemo, seedDemoData } from '../../demo';
import { fixedClock } from '../../lib/clock';
import { createTherapistAvailability } from '../booking';
import { createCatalogRepository } from './catalog.repository';
import { createCatalogService } from './catalog.service';
import { createNearbyIndex } from './nearby-index';

const database = await openTestDatabase();
const repository = createCatalogRepository(database.db);
const nearby = createNearbyIndex({
  loadChangedSince: repository.loadNearbyRows,
  maxStalenessMs: 60_000,
  now: () => performance.now(),
});
const clock = fixedClock(new Date());
let city: { id: number; centre: { lat: number; lng: number } };
let projects: number[];
const service = createCatalogService({
  repository,
  clock,
  nearby,
  getOpenCity: async () => ({ ...city, timeZone: 'Asia/Phnom_Penh' }) as never,
  timeZoneOf: async () => 'Asia/Phnom_Penh',
  availabilityOf: createTherapistAvailability({
    db: database.db,
    clock,
    timeZoneOf: async () => 'Asia/Phnom_Penh',
  }),
  followerCount: async () => 0,
});

beforeAll(async () => {
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  const [row] = await queryRows<{ id: number; lat: number; lng: number }>(
    database.db,
    sql`select id, latitude as lat, longitude as lng from cities where names->>'en' = 'Phnom Penh'`,
  );
  city = { id: row?.id as number, centre: { lat: row?.lat as number, lng: row?.lng as number } };
  projects = (
    await queryRows<{ id: number }>(
      database.db,
      sql`select id from service_projects where city_id = ${city.id}`,
    )
  ).map((p) => p.id);
});

describe('therapist cards as JSON', () => {
  it('serialise exactly the cards the object path builds, valid against the page schema', async () => {
    const queries = [
      { lat: 11.5621, lng: 104.9158 },
      { lat: 11.6, lng: 104.88, projectId: projects[0] },
      { lat: 11.52, lng: 104.95, gender: 'male' as const },
      { availableNow: true },
      { lat: 13.7563, lng: 100.5018 }, // a caller in another country
      { sort: 'rating' as const }, // SQL rows, not cached
    ];
    let cards = 0;
    // Twice with a later clock: cached fixed parts must not freeze the moving ones (state, time).
    for (const advance of [0, 7 * 3_600_000]) {
      clock.advance(advance);
      for (const language of LANGUAGES) {
        for (const extra of queries) {
          for (const page of [1, 2]) {
            const query = { cityId: city.id, sort: 'distance' as const, page, pageSize: 10, ...extra };
            const json = await service.listTherapistsJson(query, language);
            const parsed = therapistPageSchema.parse(JSON.parse(json));
            expect(JSON.parse(json), JSON.stringify({ language, extra, page })).toEqual(
              await service.listTherapists(query, language),
            );
            // And again, now answered from the cached fixed parts.
            expect(await service.listTherapistsJson(query, language)).toBe(json);
            cards += parsed.items.length;
          }
        }
      }
    }
    expect(cards).toBeGreaterThan(500);
    // 432 list answers, each now also reading the page's schedules (decision 036): more than the
    // default 30 s on a loaded machine.
  }, 180_000);
});
