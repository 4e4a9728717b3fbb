import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where startServer finds the run's migrated and seeded data folder (decision 068). */
export const DATA_TEMPLATE_ENV = 'SABAI_E2E_DATA_TEMPLATE';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Vitest globalSetup for the journeys: migrates and seeds one DATA_DIR per run through the server's
 * own start-up step (prepareDatabase, in apps/server/test/prepare-data-dir.ts), so every journey's
 * server starts on a copy of it instead of migrating and seeding a fresh PGlite itself. On a copy the
 * server's start is a restart: the demo data is there and only the every-start steps run.
 */
export default function setup(): (() => void) | undefined {
  // On PostgreSQL the journeys share the configured database; there is no data folder to copy.
  if (process.env.DATABASE_URL) return undefined;
  const template = mkdtempSync(join(tmpdir(), 'sabai-e2e-template-'));
  const prepared = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/prepare-data-dir.ts', template],
    // The journeys' server environment (e2e/support/server.ts); demo data is the same in test and development.
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' } },
  );
  if (prepared.status !== 0) {
    rmSync(template, { recursive: true, force: true });
    throw new Error(`preparing the journeys' data template failed:\n${prepared.stderr}`);
  }
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
