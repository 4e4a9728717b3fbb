import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { cpuTicksByProcess, machineBusyTicks, TICKS_PER_SECOND } from './proc-cpu.mjs';

export interface Figure {
  metric: string;
  value: number;
  unit: string;
}

/** CPU spent per answered request during a load, by part of the machine. */
export interface CpuPerRequest {
  /** This process (every server under test runs in it). */
  cpuMicrosPerRequest: number;
  /** The machine's PostgreSQL processes (0 on PGlite, which runs in this process, or a remote server). */
  databaseCpuMicrosPerRequest: number;
  /** Every core of the machine: server, database, load generator, the rest (undefined without /proc). */
  machineCpuMicrosPerRequest?: number;
}

export interface LoadResult extends Partial<CpuPerRequest> {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const BENCH_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The baseline every ratio is measured against: Fastify with one route and nothing else. */
export async function startBareHello(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  const base = await listen(app);
  return { url: `${base}/hello`, close: () => app.close() };
}

const AUTOCANNON = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/autocannon/autocannon.js',
);
const run = promisify(execFile);

/**
 * With two or more CPUs, the servers under test (this process, every thread it starts later) keep
 * to all but the last CPU and the load generator gets the last one to itself: without it the
 * scheduler moved both across the two cores of this machine and single rounds swung by 30 %.
 * BENCH_PIN=false turns it off.
 */
const CPUS = availableParallelism();
const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((file) => existsSync(file));
const PINNED = CPUS >= 2 && TASKSET !== undefined && process.env.BENCH_PIN !== 'false';
if (PINNED) {
  execFileSync(TASKSET as string, ['-a', '-p', '-c', `0-${CPUS - 2}`, String(process.pid)], {
    stdio: 'ignore',
  });
}

/** Runs a load-generating Node script on the load generator's CPU; answers its standard output. */
export async function runLoadGenerator(script: string, args: string[]): Promise<string> {
  const [command, commandArgs] = PINNED
    ? [TASKSET as string, ['-c', String(CPUS - 1), process.execPath, script, ...args]]
    : [process.execPath, [script, ...args]];
  const { stdout } = await run(command, commandArgs, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Loads `url` from a separate autocannon process, so the load generator does not share the server's CPU. */
async function autocannon(url: string, headers: Record<string, string>, seconds: number) {
  const args = ['--json', '-c', String(BENCH_CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  return JSON.parse(await runLoadGenerator(AUTOCANNON, [...args, url])) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
}

/** CPU ticks of the machine's PostgreSQL server processes (their command name is `postgres`). */
export function databaseTicks(): number {
  let ticks = 0;
  for (const process of cpuTicksByProcess().values()) if (process.comm === 'postgres') ticks += process.ticks;
  return ticks;
}

/**
 * Runs `work` (a load from another process) and answers the CPU spent per request during it: this
 * process's, the local PostgreSQL's and the whole machine's, so a figure can say which part of the
 * machine a route's cost lies in (/proc's ticks are 10 ms; a 2-s load of thousands of requests
 * makes that a fraction of a percent).
 */
export async function measuringCpu<T extends { requests: { total: number } }>(
  work: () => Promise<T>,
): Promise<{ result: T } & CpuPerRequest> {
  const before = process.cpuUsage();
  const databaseBefore = databaseTicks();
  const machineBefore = machineBusyTicks();
  const result = await work();
  const cpu = process.cpuUsage(before);
  const databaseSpent = databaseTicks() - databaseBefore;
  const machineAfter = machineBusyTicks();
  const requests = Math.max(1, result.requests.total);
  const microsPerTick = 1_000_000 / TICKS_PER_SECOND;
  const perRequest = (micros: number) => Math.round((micros / requests) * 10) / 10;
  return {
    result,
    cpuMicrosPerRequest: perRequest(cpu.user + cpu.system),
    databaseCpuMicrosPerRequest: perRequest(databaseSpent * microsPerTick),
    ...(machineBefore !== undefined && machineAfter !== undefined
      ? { machineCpuMicrosPerRequest: perRequest((machineAfter - machineBefore) * microsPerTick) }
      : {}),
  };
}

async function measure(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const { result, ...cpu } = await measuringCpu(() => autocannon(url, headers, BENCH_SECONDS));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ...cpu,
  };
}

/** One load of `url` after a short warm-up, so JIT and caches are in the same state for every target. */
export async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  await autocannon(url, headers, 1);
  return measure(url, headers);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export interface InterleavedResult extends Omit<LoadResult, keyof CpuPerRequest>, Required<CpuPerRequest> {
  /** Median over rounds of (this target's throughput / the baseline's in the same round), in %. */
  throughputRatio: number;
  /** Median over rounds of (baseline CPU per request / this target's), in %: noisy neighbours barely move it. */
  cpuRatio: number;
}

/** A URL loaded by autocannon, or a load of one's own (e.g. a different query per request). */
export type LoadTarget =
  | { url: string; headers?: Record<string, string> }
  | { run: () => Promise<LoadResult> };

/**
 * Warms every target once, then loads them in turn, `rounds` times over (baseline, A, B, baseline,
 * A, B, …); the first target is the baseline. On a shared two-core machine the load drifts by tens
 * of percent within a minute, so each ratio is taken within one round and the median round is
 * reported: many short rounds follow the drift more closely than a few long ones.
 */
export async function loadInterleaved<K extends string>(
  targets: Record<K, LoadTarget>,
  rounds = BENCH_ROUNDS,
): Promise<Record<K, InterleavedResult>> {
  const names = Object.keys(targets) as K[];
  const baseline = names[0] as K;
  const runs = new Map<K, LoadResult[]>(names.map((name) => [name, []]));
  for (const name of names) {
    const target = targets[name];
    if ('url' in target) await autocannon(target.url, target.headers ?? {}, 2);
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) {
      const target = targets[name];
      runs
        .get(name)
        ?.push(await ('run' in target ? target.run() : measure(target.url, target.headers ?? {})));
    }
  }
  const base = runs.get(baseline) ?? [];
  const percent = (value: number) => Math.round(value * 1000) / 10;
  return Object.fromEntries(
    names.map((name) => {
      const results = runs.get(name) ?? [];
      return [
        name,
        {
          requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
          p99Ms: median(results.map((r) => r.p99Ms)),
          errors: results.reduce((sum, r) => sum + r.errors, 0),
          non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
          cpuMicrosPerRequest: median(results.map((r) => r.cpuMicrosPerRequest ?? 0)),
          databaseCpuMicrosPerRequest: median(results.map((r) => r.databaseCpuMicrosPerRequest ?? 0)),
          machineCpuMicrosPerRequest: median(results.map((r) => r.machineCpuMicrosPerRequest ?? 0)),
          throughputRatio: percent(
            median(results.map((r, i) => r.requestsPerSecond / (base[i]?.requestsPerSecond ?? 1))),
          ),
          cpuRatio: percent(
            median(results.map((r, i) => (base[i]?.cpuMicrosPerRequest ?? 0) / (r.cpuMicrosPerRequest ?? 1))),
          ),
        },
      ];
    }),
  ) as Record<K, InterleavedResult>;
}

/**
 * The machine's CPU microseconds per second (all cores) divided by `x`: the CPU per request (µs) at
 * `x` requests a second with every core busy, or the requests a second at `x` µs per request.
 */
function allCoresOver(x: number): number {
  return x > 0 ? Math.round((CPUS * 1_000_000) / x) : 0;
}

/**
 * Where a route's CPU went (this process, PostgreSQL, the whole machine) and what its targets allow:
 * a ratio of the baseline's throughput, and a p99 at BENCH_CONNECTIONS callers, which by Little's law
 * needs at least callers / p99 requests a second (every caller waits at least the mean). Beside them,
 * the most the machine could give were the server's own part free: the figures that tell a target out
 * of reach on this machine from one still open.
 */
export function cpuFigures(
  prefix: string,
  route: InterleavedResult,
  targets: { ratio?: { baseline: InterleavedResult; percent: number }; p99Ms?: number } = {},
): Figure[] {
  const figures: Figure[] = [
    { metric: `${prefix} CPU per request, server process`, value: route.cpuMicrosPerRequest, unit: 'µs' },
    {
      metric: `${prefix} CPU per request, PostgreSQL processes`,
      value: route.databaseCpuMicrosPerRequest,
      unit: 'µs (0 on PGlite: in the server)',
    },
    {
      metric: `${prefix} CPU per request, whole machine`,
      value: route.machineCpuMicrosPerRequest,
      unit: `µs (${CPUS} cores)`,
    },
  ];
  if (route.machineCpuMicrosPerRequest <= 0) return figures;
  const { ratio, p99Ms } = targets;
  if (ratio) {
    figures.push({
      metric: `${prefix} machine CPU per request the ratio target allows`,
      value: allCoresOver((ratio.percent / 100) * ratio.baseline.requestsPerSecond),
      unit: `µs (all cores at ${ratio.percent} % of hello)`,
    });
  }
  if (p99Ms) {
    const needed = Math.ceil((BENCH_CONNECTIONS * 1000) / p99Ms);
    figures.push({
      metric: `${prefix} throughput the p99 target needs at least`,
      value: needed,
      unit: `req/s (${BENCH_CONNECTIONS} callers / ${p99Ms} ms), i.e. ≤ ${allCoresOver(needed)} µs machine CPU per request`,
    });
  }
  const percentOfHello = (rate: number) =>
    ratio
      ? ` = ${Math.round((rate / Math.max(1, ratio.baseline.requestsPerSecond)) * 1000) / 10} % of hello`
      : '';
  const serverFree = allCoresOver(route.machineCpuMicrosPerRequest - route.cpuMicrosPerRequest);
  figures.push({
    metric: `${prefix} ceiling with a server that cost nothing`,
    value: serverFree,
    unit: `req/s${percentOfHello(serverFree)} (the database, load generator and rest on all cores)`,
  });
  if (route.databaseCpuMicrosPerRequest > 0) {
    const databaseAlone = allCoresOver(route.databaseCpuMicrosPerRequest);
    figures.push({
      metric: `${prefix} ceiling of PostgreSQL alone`,
      value: databaseAlone,
      unit: `req/s${percentOfHello(databaseAlone)} (its CPU per request on all cores, nothing else running)`,
    });
  }
  return figures;
}

export function throwawayDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `sabai-bench-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function report(name: string, figures: Figure[]): void {
  console.table(figures.map((f) => ({ metric: f.metric, value: f.value, unit: f.unit })));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}
