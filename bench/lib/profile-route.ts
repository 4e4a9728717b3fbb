// Where a hot route's server CPU goes (decision 065): loads creating orders, paying them from the
// wallet or asking one therapist's free starts of a day (decision 077) on a smaller PostgreSQL load than the benchmarks (CPU per request hardly depends on the
// table sizes, which the benchmarks' plans cover), measures this process's CPU per request, then
// samples it with the V8 profiler during a further load and prints the self time by package / our
// source file and by function, and the inclusive time of our own functions.
// Usage: DATABASE_URL=… node --import tsx bench/lib/profile-route.ts <create|pay|freeStarts> [seconds]
// Writes the raw profile to bench/results/profile-<route>.cpuprofile (open it in Chrome DevTools).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../apps/server/src/db/client';
import { onThrowawayPostgres, seedBookingLoad, startBenchApp } from './bench-server';
import { databaseTicks, measuringCpu, runLoadGenerator } from './harness';
import { seedUnpaidOrders } from './money-data';
import { TICKS_PER_SECOND } from './proc-cpu.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const route = process.argv[2];
const seconds = Number(process.argv[3] ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
if (route !== 'create' && route !== 'pay' && route !== 'freeStarts')
  throw new Error('usage: profile-route.ts <create|pay|freeStarts> [seconds]');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');

// Statements sent to PostgreSQL (BEGIN and COMMIT included): round trips per request.
let statements = 0;
let texts: Map<string, number> | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (texts) {
    const first = args[0] as string | { text: string };
    const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 230);
    texts.set(text, (texts.get(text) ?? 0) + 1);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

interface ProfileNode {
  id: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
    scriptId: string;
  };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's "module": an npm package, one of our source files, or a V8/Node bucket. */
function moduleOf(frameUrl: string, name: string): string {
  if (!frameUrl) return `(${name || 'native'})`;
  const file = frameUrl.replace(/^file:\/\//, '');
  const inModules = file.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = file.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
  }
  if (file.startsWith('node:')) return 'node:internal';
  return path.relative(ROOT, file);
}

async function summarise(profile: Profile, requests: number, session: Session) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfByModule = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const frameOf = new Map<string, ProfileNode['callFrame']>();
  const inclusiveOurs = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((sample, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const node = byId.get(sample);
    if (!node) return;
    const { functionName, url: frameUrl, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    total += micros;
    const module = moduleOf(frameUrl, functionName);
    selfByModule.set(module, (selfByModule.get(module) ?? 0) + micros);
    const fn = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + micros);
    frameOf.set(fn, node.callFrame);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame?.url.includes('/apps/server/src/')) continue;
      const key = `${frame.functionName || '(anonymous)'} ${moduleOf(frame.url, '')}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusiveOurs.set(key, (inclusiveOurs.get(key) ?? 0) + micros);
    }
  });
  const perRequest = (micros: number) => Math.round(micros / requests);
  const table = (map: Map<string, number>, top: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        'µs/request': perRequest(micros),
        '%': Math.round((micros / total) * 1000) / 10,
      }));
  console.log(`\nsampled busy time ${Math.round(total / 1000)} ms over ${requests} requests`);
  console.log('\nself time by module');
  console.table(table(selfByModule, 30));
  console.log('\nself time by function');
  console.table(table(selfByFunction, 40));
  // tsx's output puts a module on few lines: show where in it the costly functions of ours are.
  await session.post('Debugger.enable');
  console.log('\nour costliest functions, in the code as run');
  for (const { name } of table(selfByFunction, 60)) {
    const frame = frameOf.get(name);
    if (!frame?.url.includes('/sabai') && !frame?.url.includes(ROOT)) continue;
    if (frame.url.includes('node_modules')) continue;
    const { scriptSource } = (await session.post('Debugger.getScriptSource', {
      scriptId: frame.scriptId,
    })) as {
      scriptSource: string;
    };
    const line = scriptSource.split('\n')[frame.lineNumber] ?? '';
    console.log(`${name}: ${line.slice(frame.columnNumber, frame.columnNumber + 160)}`);
  }
  console.log('\ninclusive time of our functions');
  console.table(table(inclusiveOurs, 40));
}

await onThrowawayPostgres(url, `profile_${route.toLowerCase()}`, async (database, dataDir) => {
  const load = { therapists: 5_000, pastOrders: 20_000, customers: 5_000 };
  const { spec } = await seedBookingLoad(database, load, route === 'pay' ? 300 : 200);
  const specPath = path.join(dataDir, 'spec.json');
  const { app, base } = await startBenchApp(database, dataDir);
  let k = 0;
  let script: string;
  let args: () => string[];
  if (route === 'pay') {
    const { tokens, orders } = await seedUnpaidOrders(database, spec, {
      ...load,
      unpaidOrders: 40_000,
      payers: 300,
    });
    writeFileSync(specPath, JSON.stringify({ base, tokens, orders }));
    script = path.join(HERE, 'money-load.mjs');
    args = () => [specPath, String(k)];
  } else {
    writeFileSync(specPath, JSON.stringify({ base, ...spec }));
    script = path.join(HERE, 'booking-load.mjs');
    args = () => [specPath, route, String(k)];
  }
  /** Waits until every committed event is dispatched: the after-commit work of the requests. */
  const drain = async () => {
    for (let waited = 0; waited < 60_000; waited += 100) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from outbox_events where dispatched_at is null`,
      );
      if (!row?.n) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the outbox did not drain in a minute');
  };
  /**
   * One load, then the drain of its after-commit work: CPU and statements per request are given
   * both within the load (what the benchmarks measure, where a dispatcher falling behind moves
   * work out of the window) and with the drain (the whole cost of a request).
   */
  const loadFor = async (duration: number, callers = connections) => {
    await drain();
    const statementsBefore = statements;
    const cpuBefore = process.cpuUsage();
    const databaseBefore = databaseTicks();
    const { result, cpuMicrosPerRequest, databaseCpuMicrosPerRequest } = await measuringCpu(async () =>
      JSON.parse(await runLoadGenerator(script, [...args(), String(duration), String(callers)])),
    );
    const statementsInLoad = statements - statementsBefore;
    await drain();
    const cpu = process.cpuUsage(cpuBefore);
    const databaseMicros = ((databaseTicks() - databaseBefore) * 1_000_000) / TICKS_PER_SECOND;
    k = result.nextK;
    if (result.failed || result.non2xx || result.errors)
      throw new Error(`${result.failed} refused, first: ${result.firstFailure}`);
    const requests = result.requests.total as number;
    const per = (value: number) => Math.round((value / requests) * 10) / 10;
    return {
      requests,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      statementsPerRequest: per(statementsInLoad),
      cpuMicrosPerRequest,
      statementsWithDrain: per(statements - statementsBefore),
      cpuWithDrain: Math.round(per(cpu.user + cpu.system)),
      databaseCpuMicrosPerRequest,
      databaseWithDrain: Math.round(per(databaseMicros)),
    };
  };
  await loadFor(3);
  const measured = [await loadFor(seconds), await loadFor(seconds), await loadFor(seconds)];
  console.table(measured);
  const median = (pick: (row: (typeof measured)[number]) => number) =>
    [...measured.map(pick)].sort((a, b) => a - b)[1];
  console.log(
    `${route}: CPU per request (median of 3) ${median((m) => m.cpuMicrosPerRequest)} µs in the load, ${median((m) => m.cpuWithDrain)} µs with the drain; PostgreSQL's CPU ${median((m) => m.databaseWithDrain)} µs with the drain; ${median((m) => m.statementsWithDrain)} statements with the drain; ${median((m) => m.rps)} req/s; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  texts = new Map();
  const single = await loadFor(2, 1);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  console.log(`\nstatements per request, one caller (${single.requests} requests):`);
  for (const [text, count] of texts)
    console.log(`${Math.round((count / single.requests) * 10) / 10}× ${text}`);
  texts = undefined;
  console.log('');
  if (process.env.PROFILE !== 'false') {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const profiled = await loadFor(seconds);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    const results = path.join(HERE, '..', 'results');
    mkdirSync(results, { recursive: true }); // not in a fresh checkout
    writeFileSync(path.join(results, `profile-${route}.cpuprofile`), JSON.stringify(profile));
    await summarise(profile, profiled.requests, session);
    session.disconnect();
  }
  await app.close();
});
