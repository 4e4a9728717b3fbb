// The cost of the full production plugin stack (helmet, CORS, rate limit, request ids, zod,
// envelope, logging) against bare Fastify, measured in the same run.

import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { openConfiguredDatabase, prepareDatabase } from '../apps/server/src/prepare';
import { type Figure, listen, loadInterleaved, report, startBareHello, throwawayDir } from './lib/harness';

const data = throwawayDir('http');
const config = parseEnv({
  NODE_ENV: 'production',
  SMS_DEV_IN_PRODUCTION: 'true', // nothing is sent while measuring
  DATA_DIR: data.dir,
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'true',
});
const database = await openConfiguredDatabase(config);
await prepareDatabase(database, config);
// Production logs every request through the same buffered destination; here to /dev/null so the terminal stays readable.
const app = await buildApp({
  config,
  database,
  logStream: createLogDestination('/dev/null'),
});
// An API route like every /app route: the access hook, the API security headers, the request line.
app.get('/app/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }));
const base = await listen(app);
const bare = await startBareHello();

const results = await loadInterleaved({
  bare: { url: bare.url },
  fullHello: { url: `${base}/app/bench/hello` },
  health: { url: `${base}/health` },
  countryCode: { url: `${base}/app/Login/countryCode`, headers: { lang: 'km-KH' } },
});

await bare.close();
await app.close();
await database.close();
data.remove();

for (const [name, result] of Object.entries(results)) {
  if (result.errors || result.non2xx)
    throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
}
const figures: Figure[] = [
  ...Object.entries(results).flatMap(([name, r]) => [
    { metric: `${name} throughput`, value: r.requestsPerSecond, unit: 'req/s' },
    { metric: `${name} p99 latency`, value: r.p99Ms, unit: 'ms' },
    { metric: `${name} CPU per request`, value: r.cpuMicrosPerRequest, unit: 'µs' },
  ]),
  ...(
    [
      ['full-stack hello', results.fullHello, ' (guard ≥ 60)'],
      ['health', results.health, ''],
      ['countryCode', results.countryCode, ' (target ≥ 50)'],
    ] as const
  ).flatMap(([name, r, target]) => [
    { metric: `${name} / bare hello, throughput`, value: r.throughputRatio, unit: `%${target}` },
    { metric: `${name} / bare hello, CPU per request`, value: r.cpuRatio, unit: `%${target}` },
  ]),
];
report('http', figures);
