/**
 * For the browser journeys' run-wide template (e2e/support/data-template.ts): migrates and seeds the
 * DATA_DIR in argv[2] exactly as the server's start does (prepareDatabase), then closes it, so each
 * journey's server can start on a copy. Run with `node --import tsx`; the environment is the journeys'.
 */
import { parseEnv } from '../src/config/env';
import { openConfiguredDatabase, prepareDatabase } from '../src/prepare';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: prepare-data-dir <dataDir>');
const config = parseEnv({ ...process.env, DATA_DIR: dataDir });
const database = await openConfiguredDatabase(config);
try {
  await prepareDatabase(database, config);
} finally {
  await database.close();
}
