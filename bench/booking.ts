// Booking under load (issue #13, "Performance"): with 100,000 therapists and 1,000,000 past orders
// loaded, the free starts of one therapist and one day (GET /app/availability/free-starts) and
// creating a home-visit order (POST /app/orders/home-visit: quote, availability and the insert under
// the exclusion constraint; every request a distinct free slot, so each succeeds), against bare
// Fastify hello in the same run. On PostgreSQL when DATABASE_URL is set (a throw-away database
// created and dropped here) and on PGlite (a smaller load by default: see BENCH_PGLITE_*).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../apps/server/src/db/client';
import {
  type BookingLoad,
  onThrowawayPglite,
  onThrowawayPostgres,
  seedBookingLoad,
  startBenchApp,
} from './lib/bench-server';
import type { BookingSpec } from './lib/booking-data';
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  cpuFigures,
  type Figure,
  type InterleavedResult,
  type LoadResult,
  type LoadTarget,
  loadInterleaved,
  measuringCpu,
  report,
  runLoadGenerator,
  startBareHello,
} from './lib/harness';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');
type Load = BookingLoad;
const POSTGRES_LOAD: Load = {
  therapists: Number(process.env.BENCH_THERAPISTS ?? 100_000),
  pastOrders: Number(process.env.BENCH_ORDERS ?? 1_000_000),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 100_000),
};
// PGlite (WebAssembly on the server's own event loop, one connection) takes a smaller load by
// default: with 100,000 therapists and 200,000 orders it loaded in 390 s on the shared two-core
// machine and then answered almost nothing within the 2-second rounds (bare hello, served by the
// same process, fell to 234 req/s), so no figure came out of it.
const PGLITE_LOAD: Load = {
  therapists: Number(process.env.BENCH_PGLITE_THERAPISTS ?? 10_000),
  pastOrders: Number(process.env.BENCH_PGLITE_ORDERS ?? 50_000),
  customers: Number(process.env.BENCH_PGLITE_CUSTOMERS ?? 5_000),
};
const BOOKERS = 200;
/** BENCH_ONLY=freeStarts or BENCH_ONLY=create loads that route alone (with hello); both by default. */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'freeStarts' && ONLY !== 'create')
  throw new Error(`BENCH_ONLY is freeStarts or create, not ${ONLY}`);
const measures = (route: 'freeStarts' | 'create') => ONLY === undefined || ONLY === route;

/** Loads one booking route from another process; `k` carries on across runs so every create is a new slot. */
function bookingLoader(specPath: string, mode: 'create' | 'freeStarts') {
  let k = 0;
  let ok = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const run = async (seconds: number, connections = BENCH_CONNECTIONS) =>
    JSON.parse(
      await runLoadGenerator(path.join(HERE, 'lib/booking-load.mjs'), [
        specPath,
        mode,
        String(k),
        String(seconds),
        String(connections),
      ]),
    ) as {
      requests: { average: number; total: number };
      latency: { p99: number };
      errors: number;
      non2xx: number;
      nextK: number;
      ok: number;
      failed: number;
      firstFailure?: string;
    };
  const measured = async (seconds: number, connections?: number): Promise<LoadResult> => {
    const { result, ...cpu } = await measuringCpu(() => run(seconds, connections));
    k = result.nextK;
    ok += result.ok;
    failed += result.failed;
    firstFailure ??= result.firstFailure;
    return {
      ...cpu,
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  };
  return {
    run: async () => {
      await measured(1); // warm-up, also on new slots
      return measured(BENCH_SECONDS);
    },
    /** One caller at a time: the latency of the route itself, without 50 callers queueing. */
    alone: () => measured(BENCH_SECONDS * 2, 1),
    outcome: () => ({ ok, failed, firstFailure, requested: k }),
  };
}

async function explain(db: Database['db'], query: ReturnType<typeof sql>): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`explain (analyze, costs, timing) ${query}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

/** The plans of the hot queries on the loaded data, as the server issues them. */
async function plans(db: Database['db'], spec: BookingSpec): Promise<string> {
  const therapist = spec.therapists[Math.floor(spec.therapists.length / 2)];
  if (!therapist) throw new Error('no bookable therapist');
  const day = Date.parse(spec.slots[6] ?? '');
  const from = new Date(day - 2 * 86_400_000).toISOString();
  const to = new Date(day + 2 * 86_400_000).toISOString();
  const live = sql.raw(`(${LIVE_STATUS_CODES.join(', ')})`);
  const liveOrders = sql`select * from orders where therapist_id = ${therapist.id} and status in ${live}
    and busy_start < ${to}::timestamptz and busy_end > ${from}::timestamptz`;
  for (let i = 0; i < 20; i++) await queryRows(db, liveOrders);
  const sections = [
    ['live orders of a therapist around a day (free starts, create)', await explain(db, liveOrders)],
    [
      "the caller's address (create)",
      await explain(
        db,
        sql`select * from addresses where user_id = (select user_id from addresses where id = ${therapist.addressId}) and id = ${therapist.addressId} and deleted_at is null`,
      ),
    ],
    [
      'time off around a day',
      await explain(
        db,
        sql`select * from therapist_time_off where therapist_id = ${therapist.id} and starts_at < ${to}::timestamptz and ends_at > ${from}::timestamptz order by starts_at`,
      ),
    ],
  ];
  // The insert itself, with the exclusion check, in a transaction rolled back.
  const insertPlan = await db
    .transaction(async (tx) => {
      const rows = await queryRows<Record<string, string>>(
        tx as unknown as Database['db'],
        sql`explain (analyze, costs, timing) insert into orders (order_number, kind, customer_id, therapist_id,
          project_id, city_id, clocks, duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode,
          address, quote, currency, payable, status, created_at, updated_at)
        select 'EXPLAIN', 'homeVisit', a.user_id, ${therapist.id}, ${therapist.projectId}, t.city_id, 1, 60,
          ${spec.slots[6]}::timestamptz, ${spec.slots[6]}::timestamptz + interval '1 hour',
          ${spec.slots[6]}::timestamptz - interval '10 minutes', ${spec.slots[6]}::timestamptz + interval '75 minutes',
          'tukTuk', '{"lat": 0, "lng": 0}'::jsonb, '{}'::jsonb, 'USD', 0, 10, now(), now()
        from addresses a, therapists t where a.id = ${therapist.addressId} and t.id = ${therapist.id}`,
      );
      throw Object.assign(new Error('rollback'), {
        plan: rows.map((row) => Object.values(row)[0]).join('\n'),
      });
    })
    .catch((error: { plan?: string }) => {
      if (!error.plan) throw error;
      return error.plan;
    });
  sections.push(['the insert under the exclusion constraint (rolled back)', insertPlan]);
  return sections.map(([title, plan]) => `-- ${title}\n${plan}`).join('\n\n');
}

/** Sequential scans per table while the routes were loaded: a hot path without an index shows here. */
async function scanCounts(db: Database['db']) {
  return new Map(
    (
      await queryRows<{ relname: string; seq_scan: string }>(
        db,
        sql`select relname, seq_scan::text from pg_stat_user_tables`,
      )
    ).map((row) => [row.relname, Number(row.seq_scan)]),
  );
}

interface TargetResult {
  kind: 'pglite' | 'postgres';
  load: Load;
  loadSeconds: number;
  bare: InterleavedResult;
  /** Absent when BENCH_ONLY left the route out. */
  freeStarts?: InterleavedResult;
  create?: InterleavedResult;
  created: { ok: number; failed: number; firstFailure?: string | undefined; requested: number };
  startsAnswered: { ok: number; failed: number; firstFailure?: string | undefined };
  seqScans: string;
  plan: string;
  /** The machine's 1-minute load average when the measuring ended: a shared machine skews every figure. */
  loadAverage: number;
  freeStartsAlone?: LoadResult;
  createAlone?: LoadResult;
}

async function runTarget(
  kind: 'pglite' | 'postgres',
  database: Database,
  dataDir: string,
  load: Load,
): Promise<TargetResult> {
  const { spec, loadSeconds } = await seedBookingLoad(database, load, BOOKERS);
  const plan = await plans(database.db, spec);
  const { app, base } = await startBenchApp(database, dataDir);
  const bare = await startBareHello();
  const specPath = path.join(dataDir, 'booking-spec.json');
  writeFileSync(specPath, JSON.stringify({ base, ...spec }));
  const freeStarts = bookingLoader(specPath, 'freeStarts');
  const create = bookingLoader(specPath, 'create');
  const scansBefore = await scanCounts(database.db);
  const targets: Record<string, LoadTarget> = { bare: { url: bare.url } };
  if (measures('freeStarts')) targets.freeStarts = freeStarts;
  if (measures('create')) targets.create = create;
  const result = (await loadInterleaved(targets)) as {
    bare: InterleavedResult;
    freeStarts?: InterleavedResult;
    create?: InterleavedResult;
  };
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  const freeStartsAlone = measures('freeStarts') ? await freeStarts.alone() : undefined;
  const createAlone = measures('create') ? await create.alone() : undefined;
  const scansAfter = await scanCounts(database.db);
  await bare.close();
  await app.close();
  const seqScans = [...scansAfter]
    .map(([table, count]) => [table, count - (scansBefore.get(table) ?? 0)] as const)
    .filter(([, delta]) => delta > 0)
    .map(([table, delta]) => `${table}: ${delta}`)
    .join(', ');
  const created = create.outcome();
  const [stored] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from orders where order_number like 'S%'`,
  );
  // Answers still in flight when a load ended are stored but not counted by the load generator.
  if ((stored?.n ?? 0) < created.ok) throw new Error(`${kind}: ${created.ok} created, ${stored?.n} stored`);
  for (const [name, r] of Object.entries(result)) {
    if (r.errors || r.non2xx) throw new Error(`${kind} ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
  return {
    kind,
    load,
    loadSeconds,
    ...result,
    created,
    startsAnswered: freeStarts.outcome(),
    seqScans,
    plan,
    loadAverage,
    freeStartsAlone,
    createAlone,
  };
}

const onPglite = () =>
  onThrowawayPglite('booking', (database, dir) => runTarget('pglite', database, dir, PGLITE_LOAD));

const onPostgres = (url: string) =>
  onThrowawayPostgres(url, 'booking', (database, dir) => runTarget('postgres', database, dir, POSTGRES_LOAD));

function figuresOf(t: TargetResult): Figure[] {
  const { freeStarts, create, freeStartsAlone, createAlone } = t;
  return [
    { metric: `${t.kind} therapists loaded`, value: t.load.therapists, unit: 'rows' },
    { metric: `${t.kind} past orders loaded`, value: t.load.pastOrders, unit: 'rows' },
    { metric: `${t.kind} bulk load`, value: t.loadSeconds, unit: 's' },
    { metric: `${t.kind} machine load average (1 min) at the end`, value: t.loadAverage, unit: '' },
    { metric: `${t.kind} bare hello throughput`, value: t.bare.requestsPerSecond, unit: 'req/s' },
    { metric: `${t.kind} bare hello p99 latency`, value: t.bare.p99Ms, unit: 'ms' },
    ...(freeStarts && freeStartsAlone
      ? [
          { metric: `${t.kind} free starts throughput`, value: freeStarts.requestsPerSecond, unit: 'req/s' },
          { metric: `${t.kind} free starts p99 latency`, value: freeStarts.p99Ms, unit: 'ms (target ≤ 30)' },
          {
            metric: `${t.kind} free starts / bare hello, throughput`,
            value: freeStarts.throughputRatio,
            unit: '%',
          },
        ]
      : []),
    ...(create
      ? [
          { metric: `${t.kind} create order throughput`, value: create.requestsPerSecond, unit: 'req/s' },
          { metric: `${t.kind} create order p99 latency`, value: create.p99Ms, unit: 'ms (target ≤ 50)' },
          {
            metric: `${t.kind} create order / bare hello, throughput`,
            value: create.throughputRatio,
            unit: '% (target ≥ 10)',
          },
        ]
      : []),
    ...(freeStarts && freeStartsAlone
      ? [
          { metric: `${t.kind} free starts p99, one caller`, value: freeStartsAlone.p99Ms, unit: 'ms' },
          ...cpuFigures(`${t.kind} free starts`, freeStarts, { p99Ms: 30 }),
        ]
      : []),
    ...(create && createAlone
      ? [
          { metric: `${t.kind} create order p99, one caller`, value: createAlone.p99Ms, unit: 'ms' },
          ...cpuFigures(`${t.kind} create order`, create, {
            ratio: { baseline: t.bare, percent: 10 },
            p99Ms: 50,
          }),
          { metric: `${t.kind} orders created`, value: t.created.ok, unit: 'orders' },
          { metric: `${t.kind} create refused`, value: t.created.failed, unit: 'requests (want 0)' },
        ]
      : []),
    ...(freeStarts
      ? [
          {
            metric: `${t.kind} free starts empty or refused`,
            value: t.startsAnswered.failed,
            unit: 'requests (want 0)',
          },
        ]
      : []),
  ];
}

/** Each target's figures as soon as it is done (a full load takes minutes), all of them at the end. */
function printTarget(t: TargetResult): void {
  if (t.created.firstFailure) console.log(`${t.kind} first refused create: ${t.created.firstFailure}`);
  if (t.startsAnswered.firstFailure)
    console.log(`${t.kind} first failed free starts: ${t.startsAnswered.firstFailure}`);
  console.log(`\n${t.kind} sequential scans while loaded: ${t.seqScans || 'none'}`);
  writeFileSync(path.join(RESULTS_DIR, `booking-plan-${t.kind}.txt`), `${t.plan}\n`);
  console.log(`\nEXPLAIN ANALYZE (${t.kind}):\n${t.plan}\n`);
  console.table(figuresOf(t));
}

mkdirSync(RESULTS_DIR, { recursive: true });
const targets: TargetResult[] = [];
if (process.env.DATABASE_URL) targets.push(await onPostgres(process.env.DATABASE_URL));
if (targets[0]) printTarget(targets[0]);
if (process.env.BENCH_PGLITE !== 'false') {
  const pglite = await onPglite();
  printTarget(pglite);
  targets.push(pglite);
}
report('booking', targets.flatMap(figuresOf));
