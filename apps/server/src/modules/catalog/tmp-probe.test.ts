import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedCatalogDemo, seedDemoData } from '../../demo';
import { fixedClock } from '../../lib/clock';
import { createTherapistAvailability } from '../booking';
import { createEarliestStartsRepository } from '../booking/earliest-starts.repository';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';

it('probe', async () => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  const ids = (await queryRows<{ id: number }>(database.db, sql`select id from therapists order by id limit 10`)).map((r) => r.id);
  const f = createTherapistAvailability({ db: database.db, clock: fixedClock(new Date()), timeZoneOf: async () => 'Asia/Phnom_Penh' });
  const repo = createEarliestStartsRepository(database.db);
  for (let i = 0; i < 20; i++) await f(ids, {});
  let t = performance.now();
  for (let i = 0; i < 100; i++) await f(ids, {});
  console.log('full per page ms', (performance.now() - t) / 100);
  t = performance.now();
  for (let i = 0; i < 100; i++) await repo.scheduleFacts({ therapistIds: ids, projectId: undefined, liveCodes: LIVE_STATUS_CODES, from: new Date(), defaultHorizonDays: 7, fromDate: '2026-11-22' });
  console.log('query per page ms', (performance.now() - t) / 100);
  t = performance.now();
  for (let i = 0; i < 100; i++) await queryRows(database.db, sql`select 1`);
  console.log('select 1 ms', (performance.now() - t) / 100);
}, 120_000);
