// Paying an order from the wallet under load (issue #14): POST /app/orders/:id/payments
// {method: 'wallet'} with an Idempotency-Key — the idempotency row, the ledger entry (wallet →
// the order's escrow) and the order's `pay` step in one transaction — against bare Fastify hello in
// the same run. Customers' wallets are funded through ledger entries (a card top-up, as the app
// posts it); every request pays a different pending order, so each can succeed. On PostgreSQL when
// DATABASE_URL is set (a throw-away database) and on PGlite (a smaller load).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../apps/server/src/db/client';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { onThrowawayPglite, onThrowawayPostgres, seedBookingLoad, startBenchApp } from './lib/bench-server';
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  cpuFigures,
  type Figure,
  type InterleavedResult,
  type LoadResult,
  loadInterleaved,
  measuringCpu,
  report,
  runLoadGenerator,
  startBareHello,
} from './lib/harness';
import { type MoneyLoad, seedUnpaidOrders } from './lib/money-data';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const POSTGRES_LOAD: MoneyLoad = {
  therapists: Number(process.env.BENCH_THERAPISTS ?? 20_000),
  pastOrders: Number(process.env.BENCH_ORDERS ?? 100_000),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 20_000),
  unpaidOrders: Number(process.env.BENCH_UNPAID_ORDERS ?? 40_000),
  payers: Number(process.env.BENCH_PAYERS ?? 500),
};
const PGLITE_LOAD: MoneyLoad = {
  therapists: Number(process.env.BENCH_PGLITE_THERAPISTS ?? 5_000),
  pastOrders: Number(process.env.BENCH_PGLITE_ORDERS ?? 20_000),
  customers: Number(process.env.BENCH_PGLITE_CUSTOMERS ?? 5_000),
  unpaidOrders: Number(process.env.BENCH_PGLITE_UNPAID_ORDERS ?? 15_000),
  payers: Number(process.env.BENCH_PGLITE_PAYERS ?? 200),
};

function paymentLoader(specPath: string) {
  let k = 0;
  let ok = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const measured = async (seconds: number, connections = BENCH_CONNECTIONS): Promise<LoadResult> => {
    const { result, ...cpu } = await measuringCpu(async () =>
      JSON.parse(
        await runLoadGenerator(path.join(HERE, 'lib/money-load.mjs'), [
          specPath,
          String(k),
          String(seconds),
          String(connections),
        ]),
      ),
    );
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
      await measured(1);
      return measured(BENCH_SECONDS);
    },
    alone: () => measured(BENCH_SECONDS * 2, 1),
    outcome: () => ({ ok, failed, firstFailure, requested: k }),
  };
}

interface TargetResult {
  kind: 'pglite' | 'postgres';
  load: MoneyLoad;
  loadSeconds: number;
  bare: InterleavedResult;
  pay: InterleavedResult;
  payAlone: LoadResult;
  paid: { ok: number; failed: number; firstFailure?: string | undefined; requested: number };
  loadAverage: number;
}

async function runTarget(
  kind: 'pglite' | 'postgres',
  database: Database,
  dataDir: string,
  load: MoneyLoad,
): Promise<TargetResult> {
  const started = performance.now();
  const { spec } = await seedBookingLoad(database, load, load.payers);
  const { tokens, orders } = await seedUnpaidOrders(database, spec, load);
  const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
  const { app, base } = await startBenchApp(database, dataDir);
  const bare = await startBareHello();
  const specPath = path.join(dataDir, 'money-spec.json');
  writeFileSync(specPath, JSON.stringify({ base, tokens, orders }));
  const pay = paymentLoader(specPath);
  const result = await loadInterleaved({ bare: { url: bare.url }, pay });
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  const payAlone = await pay.alone();
  await bare.close();
  await app.close();
  const paid = pay.outcome();
  const [stored] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from payment_attempts where method = 'wallet' and status = 'succeeded'`,
  );
  // Answers still in flight when a load ended are stored but not counted by the load generator.
  if ((stored?.n ?? 0) < paid.ok) throw new Error(`${kind}: ${paid.ok} paid, ${stored?.n} stored`);
  const violations = await findLedgerViolations(database.db);
  if (violations.length)
    throw new Error(`${kind}: the ledger is broken: ${violations.slice(0, 5).join('; ')}`);
  for (const [name, r] of Object.entries(result)) {
    if (r.errors || r.non2xx) throw new Error(`${kind} ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
  return { kind, load, loadSeconds, ...result, payAlone, paid, loadAverage };
}

function figuresOf(t: TargetResult): Figure[] {
  return [
    { metric: `${t.kind} pending orders seeded`, value: t.load.unpaidOrders, unit: 'orders' },
    { metric: `${t.kind} paying customers`, value: t.load.payers, unit: 'wallets' },
    { metric: `${t.kind} load and seed`, value: t.loadSeconds, unit: 's' },
    { metric: `${t.kind} machine load average (1 min) at the end`, value: t.loadAverage, unit: '' },
    { metric: `${t.kind} bare hello throughput`, value: t.bare.requestsPerSecond, unit: 'req/s' },
    { metric: `${t.kind} bare hello p99 latency`, value: t.bare.p99Ms, unit: 'ms' },
    { metric: `${t.kind} wallet payment throughput`, value: t.pay.requestsPerSecond, unit: 'req/s' },
    { metric: `${t.kind} wallet payment p99 latency`, value: t.pay.p99Ms, unit: 'ms (target ≤ 65)' },
    {
      metric: `${t.kind} wallet payment / bare hello, throughput`,
      value: t.pay.throughputRatio,
      unit: '% (target ≥ 8)',
    },
    { metric: `${t.kind} wallet payment p99, one caller`, value: t.payAlone.p99Ms, unit: 'ms' },
    ...cpuFigures(`${t.kind} wallet payment`, t.pay, { ratio: { baseline: t.bare, percent: 8 }, p99Ms: 65 }),
    { metric: `${t.kind} orders paid`, value: t.paid.ok, unit: 'orders' },
    { metric: `${t.kind} payments refused`, value: t.paid.failed, unit: 'requests (want 0)' },
  ];
}

function printTarget(t: TargetResult): void {
  if (t.paid.firstFailure) console.log(`${t.kind} first refused payment: ${t.paid.firstFailure}`);
  console.table(figuresOf(t));
}

const targets: TargetResult[] = [];
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  targets.push(
    await onThrowawayPostgres(url, 'money', (database, dir) =>
      runTarget('postgres', database, dir, POSTGRES_LOAD),
    ),
  );
  printTarget(targets[0] as TargetResult);
}
if (process.env.BENCH_PGLITE !== 'false') {
  const pglite = await onThrowawayPglite('money', (database, dir) =>
    runTarget('pglite', database, dir, PGLITE_LOAD),
  );
  printTarget(pglite);
  targets.push(pglite);
}
report('money', targets.flatMap(figuresOf));
