// What the booking and money benchmarks share: a throw-away database (PostgreSQL or PGlite), the
// reference and demo data with the bulk therapist and booking load on top, and the real app
// listening on a port.
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference';
import { seedCatalogDemo, seedDemoData } from '../../apps/server/src/demo';
import { createLogDestination } from '../../apps/server/src/lib/log-destination';
import { type BookingSpec, loadBookingData } from './booking-data';
import { bulkLoad, type Cities, demoCities } from './discovery-data';
import { listen, throwawayDir } from './harness';

export const TIME_ZONE = 'Asia/Phnom_Penh';

export interface BookingLoad {
  therapists: number;
  pastOrders: number;
  customers: number;
}

/** Runs `work` on a fresh PostgreSQL database next to `url`'s, dropped afterwards. */
export async function onThrowawayPostgres<T>(
  url: string,
  prefix: string,
  work: (database: Database, dataDir: string) => Promise<T>,
): Promise<T> {
  const name = `sabai_bench_${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 10 });
  const data = throwawayDir(`${prefix}-pg`);
  try {
    return await work(database, data.dir);
  } finally {
    await database.close();
    data.remove();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs `work` on a fresh PGlite database in a throw-away directory. */
export async function onThrowawayPglite<T>(
  prefix: string,
  work: (database: Database, dataDir: string) => Promise<T>,
): Promise<T> {
  const data = throwawayDir(prefix);
  const database = await openDatabase({ dataDir: path.join(data.dir, 'pglite') });
  try {
    return await work(database, data.dir);
  } finally {
    await database.close();
    data.remove();
  }
}

/** Migrates and seeds, then bulk-loads therapists, past orders, customers and logged-in bookers. */
export async function seedBookingLoad(
  database: Database,
  load: BookingLoad,
  bookers: number,
): Promise<{ spec: BookingSpec; cities: Cities; loadSeconds: number }> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  const cities = await demoCities(database.db);
  const started = performance.now();
  await bulkLoad(database.db, cities, { therapists: load.therapists, stores: 1_000 });
  const spec = await loadBookingData(
    database.db,
    cities,
    { pastOrders: load.pastOrders, customers: load.customers, bookers },
    TIME_ZONE,
  );
  return { spec, cities, loadSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The real app as production builds it (nothing sent, logs discarded), listening on a free port. */
export async function startBenchApp(database: Database, dataDir: string) {
  const config = parseEnv({
    NODE_ENV: 'production',
    SMS_DEV_IN_PRODUCTION: 'true', // nothing is sent while measuring
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'false',
  });
  const app = await buildApp({ config, database, logStream: createLogDestination('/dev/null') });
  return { app, base: await listen(app) };
}
