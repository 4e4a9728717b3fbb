// How fast /health answers while 1 MB form bodies of repeated keys are refused: the timing half of
// `apps/server/src/http/form-body.test.ts`, which keeps the behaviour (413, the envelope, bounded
// work) and only a loose clock bound, because a 100 ms bound failed there on a loaded machine.
// Run it on a quiet machine: `npm run bench -- form-body`. Fails when the median is over the target.

import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { openConfiguredDatabase, prepareDatabase } from '../apps/server/src/prepare';
import { attackFromAnotherProcess, healthTimesDuring, median } from '../apps/server/test/form-body-attack';
import { type Figure, listen, report, throwawayDir } from './lib/harness';

const ONE_MEGABYTE = 1024 * 1024;
const TARGET_MEDIAN_MS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const data = throwawayDir('form-body');
const config = parseEnv({
  NODE_ENV: 'production',
  SMS_DEV_IN_PRODUCTION: 'true',
  DATA_DIR: data.dir,
  LOG_LEVEL: 'warn',
  BODY_LIMIT_BYTES: String(ONE_MEGABYTE),
});
const database = await openConfiguredDatabase(config);
await prepareDatabase(database, config);
const app = await buildApp({ config, database, logStream: createLogDestination('/dev/null') });
const base = await listen(app);
const url = `${base}/app/auth/login/password`;

// A fresh server's first answers pay for connections and JIT, not for the attack.
await attackFromAnotherProcess(url, 2, ONE_MEGABYTE);
const quiet = await healthTimesDuring(base, new Promise((resolve) => setTimeout(resolve, 500)));

const during: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const attack = attackFromAnotherProcess(url, 5, ONE_MEGABYTE);
  during.push(...(await healthTimesDuring(base, attack)));
  const { statuses } = await attack;
  if (statuses.some((status) => status !== 413)) throw new Error(`expected only 413, got ${statuses}`);
}

await app.close();
await database.close();
data.remove();

const sorted = [...during].sort((a, b) => a - b);
const round1 = (ms: number) => Math.round(ms * 10) / 10;
const figures: Figure[] = [
  { metric: '/health, no attack, median', value: round1(median(quiet)), unit: 'ms' },
  { metric: '/health answers during the attacks', value: during.length, unit: 'answers' },
  {
    metric: '/health during 1 MB attacks, median',
    value: round1(median(during)),
    unit: `ms (target < ${TARGET_MEDIAN_MS})`,
  },
  {
    metric: '/health during 1 MB attacks, p90',
    value: round1(sorted[Math.floor(sorted.length * 0.9)] ?? 0),
    unit: 'ms',
  },
  {
    metric: '/health during 1 MB attacks, slowest',
    value: round1(sorted[sorted.length - 1] ?? 0),
    unit: 'ms',
  },
];
report('form-body', figures);
if (median(during) >= TARGET_MEDIAN_MS) {
  console.error(`/health's median during the attack is over ${TARGET_MEDIAN_MS} ms`);
  process.exit(1);
}
