// The cost of the full production plugin stack (helmet, CORS, rate limit, request ids, zod,
// envelope, logging) against bare Fastify, measured in the same run.
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { openConfiguredDatabase, prepareDatabase } from '../apps/server/src/db/prepare';
import { type Figure, listen, load, report, startBareHello, throwawayDir } from './lib/harness';

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
// Production logs every request; here the lines go to /dev/null so the terminal stays readable.
const app = await buildApp({
  config,
  database,
  logStream: pino.destination({ dest: '/dev/null', sync: false }),
});
app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }));
const base = await listen(app);
const bare = await startBareHello();

const results = {
  bare: await load(bare.url),
  fullHello: await load(`${base}/bench/hello`),
  health: await load(`${base}/health`),
  countryCode: await load(`${base}/app/Login/countryCode`, { lang: 'km-KH' }),
};

await bare.close();
await app.close();
await database.close();
data.remove();

for (const [name, result] of Object.entries(results)) {
  if (result.errors || result.non2xx)
    throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
}
const ratio = (value: number) => Math.round((value / results.bare.requestsPerSecond) * 1000) / 10;
const figures: Figure[] = [
  ...Object.entries(results).flatMap(([name, r]) => [
    { metric: `${name} throughput`, value: r.requestsPerSecond, unit: 'req/s' },
    { metric: `${name} p99 latency`, value: r.p99Ms, unit: 'ms' },
  ]),
  {
    metric: 'full-stack hello / bare hello',
    value: ratio(results.fullHello.requestsPerSecond),
    unit: '% (target ≥ 70)',
  },
  { metric: 'health / bare hello', value: ratio(results.health.requestsPerSecond), unit: '%' },
  {
    metric: 'countryCode / bare hello',
    value: ratio(results.countryCode.requestsPerSecond),
    unit: '% (target ≥ 50)',
  },
];
report('http', figures);
