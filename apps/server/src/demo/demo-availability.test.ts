import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { testConfig } from '../config/env';
import { queryRows } from '../db/client';
import { fixedClock } from '../lib/clock';
import { prepareDatabase } from '../prepare';
import { seedCatalogDemo } from './catalog-demo';
import { refreshDemoAvailability } from './demo-availability';
import { seedDemoData } from './platform-demo';

const HOUR = 3_600_000;
const database = await openTestDatabase();
const clock = fixedClock(new Date('2026-11-23T08:00:00Z'));
let realId: number;

const states = async (at: Date) =>
  queryRows<{ bookable_later: number; due: number }>(
    database.db,
    sql`select count(*)::int as bookable_later,
        count(*) filter (where available_from <= ${at.toISOString()}::timestamptz)::int as due
      from therapists where state = 'bookable_later' and avatar like '/app/media/demo/%'`,
  ).then((rows) => rows[0] as { bookable_later: number; due: number });

beforeAll(async () => {
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db, clock.now());
  // A real therapist (uploaded avatar) whose time has passed: never touched by the demo refresh.
  const [real] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into therapists (city_id, display_name, gender, introductions, service_areas, languages,
        latitude, longitude, state, available_from, currency, avatar)
      select id, 'Real', 'female', '{"en": ""}', '{"en": ""}', array['km'], 11.55, 104.92,
        'bookable_later', ${new Date(clock.now().getTime() + HOUR).toISOString()}::timestamptz, 'USD',
        '/uploads/avatars/real.webp'
      from cities where names->>'en' = 'Phnom Penh' returning id`,
  );
  realId = real?.id as number;
});

const realAvailableFrom = async () =>
  (
    await queryRows<{ at: Date }>(
      database.db,
      sql`select available_from as at from therapists where id = ${realId}`,
      { at: 'date' },
    )
  ).map((r) => r.at.getTime())[0];

describe('demo availability', () => {
  it('moves passed demo "bookable later" times ahead, so the demo keeps all three states', async () => {
    const seeded = await states(clock.now());
    expect(seeded.bookable_later).toBeGreaterThan(3);
    expect(seeded.due).toBe(0);
    expect(await refreshDemoAvailability(database.db, clock.now())).toBe(0);

    // A demo server left running (or restarted) seven hours later: every seeded time has passed.
    clock.advance(7 * HOUR);
    expect((await states(clock.now())).due).toBe(seeded.bookable_later);
    expect(await refreshDemoAvailability(database.db, clock.now())).toBe(seeded.bookable_later);
    const after = await states(clock.now());
    expect(after).toEqual({ bookable_later: seeded.bookable_later, due: 0 });
    // Still within the next six hours, spread out rather than all at one time.
    const [spread] = await queryRows<{ earliest: string; latest: string; distinct: number }>(
      database.db,
      sql`select min(available_from)::text as earliest, max(available_from)::text as latest,
          count(distinct available_from)::int as distinct
        from therapists where state = 'bookable_later' and avatar like '/app/media/demo/%'`,
    );
    expect(new Date(spread?.earliest as string).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(new Date(spread?.latest as string).getTime()).toBeLessThanOrEqual(
      clock.now().getTime() + 6 * HOUR,
    );
    expect(spread?.distinct).toBeGreaterThan(1);
    // The real therapist's passed time is theirs: left alone.
    expect(await realAvailableFrom()).toBe(new Date('2026-11-23T09:00:00Z').getTime());
  });

  it('runs when a demo database is prepared at start-up, and never when demo data is off', async () => {
    clock.advance(7 * HOUR);
    await prepareDatabase(database, testConfig({ SEED_DEMO_DATA: 'false' }), clock.now());
    expect((await states(clock.now())).due).toBeGreaterThan(0);
    await prepareDatabase(database, testConfig({ SEED_DEMO_DATA: 'true' }), clock.now());
    expect((await states(clock.now())).due).toBe(0);
    expect(await realAvailableFrom()).toBe(new Date('2026-11-23T09:00:00Z').getTime());
  });
});
