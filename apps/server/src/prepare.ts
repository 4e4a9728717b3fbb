import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { seedReferenceData } from './db/seed/reference';
import { seedDemo } from './demo';

export { openConfiguredDatabase } from './db/open';

/**
 * Applies migrations, then reference data, then (when demo data is on) the demo data sets, each
 * once per database; on a demo database restarted later, passed demo times move ahead again.
 */
export async function prepareDatabase(
  database: Database,
  config: AppConfig,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await seedReferenceData(database.db);
  return { seeded: config.seedDemoData ? await seedDemo(database.db, now) : false };
}
