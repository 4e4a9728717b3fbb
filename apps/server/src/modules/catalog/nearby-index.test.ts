import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedCatalogDemo, seedDemoData } from '../../demo';
import { createCatalogRepository, type TherapistFilter } from './catalog.repository';
import { createNearbyIndex } from './nearby-index';

const database = await openTestDatabase();
const repository = createCatalogRepository(database.db);
const index = createNearbyIndex({
  loadChangedSince: repository.loadNearbyRows,
  maxStalenessMs: 60_000,
  now: () => performance.now(),
});
let cityId: number;
let projects: number[];

beforeAll(async () => {
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  // More rows than the demo, spread wide, so pages cross many grid cells.
  await database.db.execute(sql`insert into therapists (city_id, display_name, gender, introductions,
      service_areas, languages, latitude, longitude, state, is_banned, currency)
    select 1, 'Grid ' || g, case when g % 2 = 0 then 'male' else 'female' end, '{"en": ""}', '{"en": ""}',
      case when g % 3 = 0 then array['zh'] else array['km'] end,
      11.5564 + ((g * 7919) % 1000 - 500) / 5000.0, 104.9282 + ((g * 104729) % 1000 - 500) / 5000.0,
      case when g % 7 = 0 then 'resting' else 'available' end, g % 31 = 0, 'USD'
    from generate_series(1, 400) g`);
  await database.db.execute(sql`insert into therapist_projects (therapist_id, project_id)
    select t.id, p.id from therapists t join service_projects p on p.city_id = t.city_id
    where t.display_name like 'Grid %' and (t.id + p.id) % 3 = 0`);
  const [city] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from cities where names->>'en' = 'Phnom Penh'`,
  );
  cityId = city?.id as number;
  projects = (
    await queryRows<{ id: number }>(
      database.db,
      sql`select id from service_projects where city_id = ${cityId}`,
    )
  ).map((p) => p.id);
  await index.sync(true);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('nearby index', () => {
  it('answers exactly what the SQL KNN scan answers, for many origins, filters and pages', async () => {
    const origins = [
      { lat: 11.5564, lng: 104.9282 },
      { lat: 11.62, lng: 104.85 },
      { lat: 11.49, lng: 105.01 },
      { lat: 11.3, lng: 104.6 },
    ];
    const filters: Partial<TherapistFilter>[] = [
      {},
      { gender: 'male' },
      { language: 'zh' },
      { projectId: projects[0] },
      { projectId: projects[3], gender: 'female' },
      { language: 'km', gender: 'male' },
      { projectId: projects[1], language: 'km' },
    ];
    let compared = 0;
    for (const origin of origins) {
      for (const extra of filters) {
        for (const [limit, offset] of [
          [21, 0],
          [11, 40],
          [51, 100],
        ] as const) {
          const filter: TherapistFilter = { cityId, origin, sort: 'distance', limit, offset, ...extra };
          const expected = ids(await repository.listTherapists(filter));
          if (offset === 0) expect(expected.length).toBeGreaterThan(0);
          compared += expected.length;
          expect(ids(index.nearest(filter)), JSON.stringify({ origin, extra, limit, offset })).toEqual(
            expected,
          );
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('answers like SQL from origins far from the city: another country, across the world', async () => {
    const cityIds = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select distinct city_id as id from therapists where not is_banned and state <> 'resting'`,
      )
    ).map((c) => c.id);
    expect(cityIds.length).toBeGreaterThanOrEqual(2);
    const origins = [
      { lat: 13.7563, lng: 100.5018 }, // Bangkok: 3–4° from both Cambodian cities (the reported bug)
      { lat: 21.0285, lng: 105.8542 }, // Hanoi
      { lat: 1.3521, lng: 103.8198 }, // Singapore
      { lat: 51.5074, lng: -0.1278 }, // London
      { lat: 40.7128, lng: -74.006 }, // New York: across the world
      { lat: -33.8688, lng: 151.2093 }, // Sydney
      { lat: -11.5564, lng: -75.0718 }, // Phnom Penh's antipode
      { lat: 64.1466, lng: -21.9426 }, // Reykjavik, at high latitude
      { lat: 89.9, lng: 30 }, // by the North Pole
      { lat: -89.9, lng: -150 }, // by the South Pole
      { lat: 0, lng: 179.999 }, // either side of the antimeridian
      { lat: 0, lng: -179.999 },
    ];
    const filters: Partial<TherapistFilter>[] = [{}, { language: 'zh' }, { gender: 'male' }];
    let compared = 0;
    for (const id of cityIds) {
      for (const origin of origins) {
        for (const extra of filters) {
          for (const [limit, offset] of [
            [21, 0],
            [11, 30],
          ] as const) {
            const filter: TherapistFilter = { cityId: id, origin, sort: 'distance', limit, offset, ...extra };
            const expected = ids(await repository.listTherapists(filter));
            if (offset === 0 && Object.keys(extra).length === 0) expect(expected.length).toBeGreaterThan(0);
            compared += expected.length;
            expect(ids(index.nearest(filter)), JSON.stringify({ id, origin, extra, limit, offset })).toEqual(
              expected,
            );
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('answers nothing, not a crash, for a city without therapists', () => {
    const filter: TherapistFilter = {
      cityId: 999_999,
      origin: { lat: 11.5, lng: 104.9 },
      sort: 'distance',
      limit: 21,
      offset: 0,
    };
    expect(index.nearest(filter)).toEqual([]);
  });

  it('follows changes: resting, banned, moved and new therapists', async () => {
    const origin = { lat: 11.5564, lng: 104.9282 };
    const filter: TherapistFilter = { cityId, origin, sort: 'distance', limit: 5, offset: 0 };
    const [first, second] = ids(index.nearest(filter));
    await database.db.execute(sql`update therapists set state = 'resting' where id = ${first}`);
    await database.db.execute(sql`update therapists set is_banned = true where id = ${second}`);
    const [far] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where not is_banned and state <> 'resting' and city_id = ${cityId}
        order by ll_to_earth(latitude, longitude) <-> ll_to_earth(11.5564, 104.9282) desc limit 1`,
    );
    await database.db.execute(
      sql`update therapists set latitude = 11.5564, longitude = 104.9282 where id = ${far?.id}`,
    );
    await index.sync(true);
    const after = ids(index.nearest(filter));
    expect(after).not.toContain(first);
    expect(after).not.toContain(second);
    expect(after[0]).toBe(far?.id);
    expect(after).toEqual(ids(await repository.listTherapists(filter)));
  });

  it('reads a finished change once, not on every later sync', async () => {
    const read: number[][] = [];
    const counting = createNearbyIndex({
      loadChangedSince: async (since) => {
        const result = await repository.loadNearbyRows(since);
        read.push(result.rows.map((row) => row.id));
        return result;
      },
      maxStalenessMs: 60_000,
      now: () => performance.now(),
    });
    await counting.sync(true);
    const changed = await queryRows<{ id: number }>(
      database.db,
      sql`update therapists set rating = 4.2 where id in (select id from therapists order by id limit 10) returning id`,
    );
    await counting.sync(true);
    const [everything = [], afterChange = []] = read;
    expect(everything.length).toBeGreaterThan(100);
    expect(changed).toHaveLength(10);
    for (const { id } of changed) expect(afterChange).toContain(id);
    // On a shared PostgreSQL cluster another database's open transaction can hold the horizon back
    // at the first look, so rows written by transactions unfinished then (the earlier tests' few
    // updates) are read again (a re-read, never a miss), but never the whole table again; once the
    // horizon moves on, nothing is read again.
    expect(afterChange.length).toBeLessThan(20);
    for (let attempt = 0; attempt < 40 && read.at(-1)?.length !== 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await counting.sync(true);
    }
    expect(read.at(-1)).toEqual([]);
  });
});
