// "Nearest available therapists for a project" (the therapist list's default query) with 100,000
// therapists and 5,000 stores loaded, against bare Fastify hello in the same run: on PGlite always,
// and on PostgreSQL when DATABASE_URL is set (in a throw-away database created and dropped here).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { seedCatalogDemo, seedDemoData } from '../apps/server/src/demo';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { therapistListQuery } from '../apps/server/src/modules/catalog/catalog.repository';
import { bulkLoad, demoCities } from './lib/discovery-data';
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  type Figure,
  type InterleavedResult,
  type LoadResult,
  listen,
  loadInterleaved,
  measuringCpu,
  report,
  runLoadGenerator,
  startBareHello,
  throwawayDir,
} from './lib/harness';

const THERAPISTS = Number(process.env.BENCH_THERAPISTS ?? 100_000);
const STORES = Number(process.env.BENCH_STORES ?? 5_000);
const USER = { lat: 11.5621, lng: 104.9158 }; // a customer near the Russian Market, Phnom Penh
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');

/** Every request from a different location within ~±5.5 km of the user: no two share an answer. */
async function loadVaried(url: string): Promise<LoadResult> {
  const run = (seconds: number) =>
    runLoadGenerator(path.join(HERE, 'lib/varied-load.mjs'), [
      url,
      String(seconds),
      String(BENCH_CONNECTIONS),
      String(USER.lat),
      String(USER.lng),
      '0.1',
    ]);
  await run(1);
  const { result, cpuMicrosPerRequest } = await measuringCpu(
    async () =>
      JSON.parse(await run(BENCH_SECONDS)) as {
        requests: { average: number; total: number };
        latency: { p99: number };
        errors: number;
        non2xx: number;
      },
  );
  return {
    cpuMicrosPerRequest,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

interface TargetResult {
  kind: 'pglite' | 'postgres';
  loadSeconds: number;
  bare: InterleavedResult;
  list: InterleavedResult;
  varied: InterleavedResult;
  uncached: InterleavedResult;
  plan: string;
}

async function runTarget(
  kind: 'pglite' | 'postgres',
  database: Database,
  dataDir: string,
): Promise<TargetResult> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  const cities = await demoCities(database.db);
  const started = performance.now();
  await bulkLoad(database.db, cities, { therapists: THERAPISTS, stores: STORES });
  const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
  const projectId = cities.ppProjects[0] as number;

  const listQuery = therapistListQuery({
    cityId: cities.pp,
    origin: USER,
    projectId,
    sort: 'distance',
    limit: 21,
    offset: 0,
  });
  // The plan of a warm database (extension code loaded, pages cached), as the server runs it.
  for (let i = 0; i < 20; i++) await queryRows(database.db, listQuery);
  const planRows = await queryRows<Record<string, string>>(
    database.db,
    sql`explain (analyze, buffers, costs, timing) ${listQuery}`,
  );
  const plan = planRows.map((row) => Object.values(row)[0]).join('\n');

  const config = parseEnv({
    NODE_ENV: 'production',
    SMS_DEV_IN_PRODUCTION: 'true', // nothing is sent while measuring
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'false',
  });
  const app = await buildApp({
    config,
    database,
    logStream: createLogDestination('/dev/null'),
  });
  const base = await listen(app);
  const bare = await startBareHello();
  const query = `cityId=${cities.pp}&lat=${USER.lat}&lng=${USER.lng}&projectId=${projectId}`;
  const result = await loadInterleaved({
    bare: { url: bare.url },
    list: { url: `${base}/app/therapists?${query}` },
    // A different caller location on every request: no shared answer, the in-memory nearby index.
    varied: { run: () => loadVaried(`${base}/app/therapists?cityId=${cities.pp}&projectId=${projectId}`) },
    // Pull-to-refresh (cache-control: no-cache): no shared answer and a database sync per request.
    uncached: { url: `${base}/app/therapists?${query}`, headers: { 'cache-control': 'no-cache' } },
  });
  await bare.close();
  await app.close();
  for (const [name, r] of Object.entries(result)) {
    if (r.errors || r.non2xx) throw new Error(`${kind} ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
  return { kind, loadSeconds, ...result, plan };
}

async function onPglite(): Promise<TargetResult> {
  const data = throwawayDir('discovery');
  const database = await openDatabase({ dataDir: path.join(data.dir, 'pglite') });
  try {
    return await runTarget('pglite', database, data.dir);
  } finally {
    await database.close();
    data.remove();
  }
}

async function onPostgres(url: string): Promise<TargetResult> {
  const name = `sabai_bench_discovery_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 10 });
  const data = throwawayDir('discovery-pg');
  try {
    return await runTarget('postgres', database, data.dir);
  } finally {
    await database.close();
    data.remove();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const targets: TargetResult[] = [await onPglite()];
if (process.env.DATABASE_URL) targets.push(await onPostgres(process.env.DATABASE_URL));

const figures: Figure[] = [
  { metric: 'therapists loaded', value: THERAPISTS, unit: 'rows' },
  { metric: 'stores loaded', value: STORES, unit: 'rows' },
];
for (const t of targets) {
  figures.push(
    { metric: `${t.kind} bulk load`, value: t.loadSeconds, unit: 's' },
    { metric: `${t.kind} bare hello throughput`, value: t.bare.requestsPerSecond, unit: 'req/s' },
    { metric: `${t.kind} bare hello p99 latency`, value: t.bare.p99Ms, unit: 'ms' },
    { metric: `${t.kind} bare hello CPU per request`, value: t.bare.cpuMicrosPerRequest, unit: 'µs' },
  );
  const measured = [
    ['nearest therapists', t.list, ' (target ≥ 20)', ' (target ≤ 50)'],
    ['distinct locations', t.varied, ' (target ≥ 20)', ' (target ≤ 50)'],
    ['pull-to-refresh', t.uncached, '', ''],
  ] as const;
  for (const [name, r, ratioTarget, latencyTarget] of measured) {
    figures.push(
      { metric: `${t.kind} ${name} throughput`, value: r.requestsPerSecond, unit: 'req/s' },
      { metric: `${t.kind} ${name} p99 latency`, value: r.p99Ms, unit: `ms${latencyTarget}` },
      { metric: `${t.kind} ${name} CPU per request`, value: r.cpuMicrosPerRequest, unit: 'µs' },
      {
        metric: `${t.kind} ${name} / bare hello, throughput`,
        value: r.throughputRatio,
        unit: `%${ratioTarget}`,
      },
      {
        metric: `${t.kind} ${name} / bare hello, CPU per request`,
        value: r.cpuRatio,
        unit: `%${ratioTarget}`,
      },
    );
  }
  writeFileSync(path.join(RESULTS_DIR, `discovery-plan-${t.kind}.txt`), `${t.plan}\n`);
  console.log(`\nEXPLAIN ANALYZE (${t.kind}):\n${t.plan}\n`);
}
report('discovery', figures);
