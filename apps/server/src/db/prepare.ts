import path from 'node:path';
import type { AppConfig } from '../config/env';
import { type Database, openDatabase } from './client';
import { seedCatalogDemo, seedCatalogReference } from './seed/catalog-demo';
import { seedDemoData } from './seed/demo';
import { refreshDemoAvailability } from './seed/demo-availability';
import { seedIdentityDemo, seedSupportDemo } from './seed/identity-demo';
import { seedReferenceData } from './seed/reference';

/** PGlite under DATA_DIR by default; a real PostgreSQL server when DATABASE_URL is set. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ databaseUrl: config.DATABASE_URL })
    : openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}

/**
 * Applies migrations, then reference data, then (once per database) demo data; on a demo database
 * restarted later, moves passed demo "bookable later" times ahead again.
 */
export async function prepareDatabase(
  database: Database,
  config: AppConfig,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedCatalogReference(database.db);
  const seeded = config.seedDemoData ? await seedDemoData(database.db) : false;
  // The catalogue demo needs the demo cities; it runs once per database, like the platform demo.
  const catalogSeeded = config.seedDemoData ? await seedCatalogDemo(database.db) : false;
  // A demo therapist login with visitors and fans, once the demo therapists exist.
  const identitySeeded = config.seedDemoData ? await seedIdentityDemo(database.db, now) : false;
  // A customer-service login, so staff actions (bans) can be tried through the real staff routes.
  const staffSeeded = config.seedDemoData ? await seedSupportDemo(database.db, now) : false;
  if (config.seedDemoData) await refreshDemoAvailability(database.db, now);
  return { seeded: seeded || catalogSeeded || identitySeeded || staffSeeded };
}
