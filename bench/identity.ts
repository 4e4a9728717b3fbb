// Password hashing cost (argon2id at OWASP parameters) and the price of an authenticated read:
// `GET /app/user/selectUserById` with a valid session token against bare Fastify, in the same run.
// Two figures for that read: one token sent again and again (warm: the session and account come from
// the in-process account cache, as for an app polling its user record) and every request with a
// token never seen before (cold: each one is a database read of session, user and roles).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { sessions, userRoles, users } from '../apps/server/src/db/schema';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { PASSWORD_HASH_PARAMS } from '../apps/server/src/modules/identity';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/identity/passwords';
import { newSessionToken, tokenHash } from '../apps/server/src/modules/identity/session-tokens';
import { openConfiguredDatabase, prepareDatabase } from '../apps/server/src/prepare';
import {
  BENCH_CONNECTIONS,
  type Figure,
  type LoadResult,
  listen,
  load,
  report,
  startBareHello,
  throwawayDir,
} from './lib/harness';

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
  authenticatedAt: now,
  lastUsedAt: now,
  expiresAt: new Date(now.getTime() + 24 * 60 * 60_000),
});

// Cold path: one fresh token per request (autocannon's single-token CLI cannot rotate them).
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 10_000);
const COLD_WARMUP = 2_000;
const coldTokens: string[] = [];
for (let offset = 0; offset < COLD_WARMUP + COLD_REQUESTS; offset += 1_000) {
  const batch = Array.from({ length: 1_000 }, () => newSessionToken());
  coldTokens.push(...batch);
  await database.db.insert(sessions).values(
    batch.map((fresh) => ({
      userId: user.id,
      tokenHash: tokenHash(fresh),
      createdAt: now,
      authenticatedAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 24 * 60 * 60_000),
    })),
  );
}

const ROTATING_LOADER = `
import { readFileSync } from 'node:fs';
const [autocannonPath, url, tokensPath, amount, connections] = process.argv.slice(1);
const { default: autocannon } = await import(autocannonPath);
const tokens = JSON.parse(readFileSync(tokensPath, 'utf8'));
let next = 0;
const result = await autocannon({
  url,
  connections: Number(connections),
  amount: Number(amount),
  headers: { lang: 'km-KH' },
  requests: [{ method: 'GET', setupRequest(request) {
    request.headers = { ...request.headers, token: tokens[next++ % tokens.length] };
    return request;
  } }],
});
console.log(JSON.stringify({
  total: result.requests.total, seconds: result.duration, p99: result.latency.p99,
  errors: result.errors, non2xx: result.non2xx, tokensSent: next, distinctTokens: tokens.length,
}));
`;
const AUTOCANNON_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/autocannon/autocannon.js',
);

/** Loads `url` from a separate process, each request carrying the next token of `tokens` (none reused). */
async function loadRotating(url: string, tokens: string[]): Promise<LoadResult & { reused: number }> {
  const tokensPath = path.join(data.dir, `tokens-${tokens.length}-${Date.now()}.json`);
  writeFileSync(tokensPath, JSON.stringify(tokens));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      ROTATING_LOADER,
      AUTOCANNON_PATH,
      url,
      tokensPath,
      String(tokens.length - BENCH_CONNECTIONS),
      String(BENCH_CONNECTIONS),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const out = JSON.parse(stdout) as {
    total: number;
    seconds: number;
    p99: number;
    errors: number;
    non2xx: number;
    tokensSent: number;
    distinctTokens: number;
  };
  return {
    requestsPerSecond: Math.round(out.total / out.seconds),
    p99Ms: out.p99,
    errors: out.errors,
    non2xx: out.non2xx,
    reused: Math.max(0, out.tokensSent - out.distinctTokens),
  };
}

const app = await buildApp({
  config,
  database,
  logStream: createLogDestination('/dev/null'),
});
const base = await listen(app);
const bare = await startBareHello();

const check = await fetch(`${base}/app/user/selectUserById`, { headers: { token } });
const checked = (await check.json()) as { code: number };
if (checked.code !== 0) throw new Error(`selectUserById answered ${JSON.stringify(checked)}`);

await loadRotating(`${base}/app/user/selectUserById`, coldTokens.slice(0, COLD_WARMUP));
const cold = await loadRotating(`${base}/app/user/selectUserById`, coldTokens.slice(COLD_WARMUP));
if (cold.reused) throw new Error(`cold run reused ${cold.reused} tokens`);
const results = {
  bare: await load(bare.url),
  selectUserById: await load(`${base}/app/user/selectUserById`, { token, lang: 'km-KH' }),
  selectUserByIdCold: cold,
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
    metric: 'selectUserById (valid token, warm: same token) / bare hello',
    value: ratio(results.selectUserById.requestsPerSecond),
    unit: `% (target ≥ 30; ${database.kind})`,
  },
  {
    metric: `selectUserById (valid token, cold: ${COLD_REQUESTS - BENCH_CONNECTIONS} tokens, each sent once) / bare hello`,
    value: ratio(results.selectUserByIdCold.requestsPerSecond),
    unit: `% (every request reads ${database.kind})`,
  },
  {
    metric: 'refused without token / bare hello',
    value: ratio(results.refusedNoToken.requestsPerSecond),
    unit: '%',
  },
];
report('identity', figures);
