// Password hashing cost (argon2id at OWASP parameters) and the price of an authenticated read:
// `GET /app/user/selectUserById` with a valid session token against bare Fastify, in the same run.
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { openConfiguredDatabase, prepareDatabase } from '../apps/server/src/db/prepare';
import { sessions, userRoles, users } from '../apps/server/src/db/schema';
import { PASSWORD_HASH_PARAMS } from '../apps/server/src/modules/identity';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/identity/passwords';
import { newSessionToken, tokenHash } from '../apps/server/src/modules/identity/session-tokens';
import { type Figure, listen, load, report, startBareHello, throwawayDir } from './lib/harness';

// ── password hashing ────────────────────────────────────────────────────────────────────────
const password = 'correct horse battery';
const hashTimes: number[] = [];
let stored = '';
for (let i = 0; i < 5; i += 1) {
  const started = performance.now();
  stored = await hashPassword(password);
  hashTimes.push(performance.now() - started);
}
const verifyTimes: number[] = [];
for (let i = 0; i < 30; i += 1) {
  const started = performance.now();
  if (!(await verifyPassword(stored, password))) throw new Error('verification failed');
  verifyTimes.push(performance.now() - started);
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};
const max = (values: number[]) => Math.round(Math.max(...values) * 10) / 10;

// ── authenticated read vs bare hello ────────────────────────────────────────────────────────
// PGlite in a throw-away DATA_DIR by default; BENCH_DATABASE_URL=postgres://… measures a real
// PostgreSQL server instead, in a throw-away database created (and dropped) on it.
const data = throwawayDir('identity');
const serverUrl = process.env.BENCH_DATABASE_URL;
const benchDatabase = `sabai_bench_${process.pid}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${benchDatabase}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const config = parseEnv({
  NODE_ENV: 'production',
  SMS_DEV_IN_PRODUCTION: 'true', // nothing is sent while measuring
  DATA_DIR: data.dir,
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openConfiguredDatabase(config);
await prepareDatabase(database, config);
const [user] = await database.db
  .insert(users)
  .values({ userName: 'bench', nickname: 'Bench', phoneE164: '+85512345678', passwordHash: stored })
  .returning();
if (!user) throw new Error('no user');
await database.db.insert(userRoles).values({ userId: user.id, role: 'customer' });
const token = newSessionToken();
const now = new Date();
await database.db.insert(sessions).values({
  userId: user.id,
  tokenHash: tokenHash(token),
  createdAt: now,
  expiresAt: new Date(now.getTime() + 24 * 60 * 60_000),
});

const app = await buildApp({
  config,
  database,
  logStream: pino.destination({ dest: '/dev/null', sync: false }),
});
const base = await listen(app);
const bare = await startBareHello();

const check = await fetch(`${base}/app/user/selectUserById`, { headers: { token } });
const checked = (await check.json()) as { code: number };
if (checked.code !== 0) throw new Error(`selectUserById answered ${JSON.stringify(checked)}`);

const results = {
  bare: await load(bare.url),
  selectUserById: await load(`${base}/app/user/selectUserById`, { token, lang: 'km-KH' }),
  refusedNoToken: await load(`${base}/app/user/selectUserById`),
};
await bare.close();
await app.close();
await database.close();
data.remove();
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDatabase} with (force)`);
  await admin.end();
}

for (const [name, result] of Object.entries(results)) {
  if (result.errors || result.non2xx)
    throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
}
const ratio = (value: number) => Math.round((value / results.bare.requestsPerSecond) * 1000) / 10;
const params = `argon2id m=${PASSWORD_HASH_PARAMS.memoryCost} KiB t=${PASSWORD_HASH_PARAMS.timeCost} p=${PASSWORD_HASH_PARAMS.parallelism}`;
const figures: Figure[] = [
  { metric: `password hash (${params}) median`, value: median(hashTimes), unit: 'ms' },
  { metric: `password verify (${params}) median`, value: median(verifyTimes), unit: 'ms (target < 150)' },
  { metric: 'password verify max of 30', value: max(verifyTimes), unit: 'ms' },
  ...Object.entries(results).flatMap(([name, r]) => [
    { metric: `${name} throughput`, value: r.requestsPerSecond, unit: 'req/s' },
    { metric: `${name} p99 latency`, value: r.p99Ms, unit: 'ms' },
  ]),
  {
    metric: 'selectUserById (valid token) / bare hello',
    value: ratio(results.selectUserById.requestsPerSecond),
    unit: `% (target ≥ 30; ${database.kind})`,
  },
  {
    metric: 'refused without token / bare hello',
    value: ratio(results.refusedNoToken.requestsPerSecond),
    unit: '%',
  },
];
report('identity', figures);
