import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';

export interface Figure {
  metric: string;
  value: number;
  unit: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

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
 * Loads `url` from a separate autocannon process, so the load generator does not take CPU from
 * the server under test (this machine has two cores: one each).
 */
async function autocannon(url: string, headers: Record<string, string>, seconds: number) {
  const args = [AUTOCANNON, '--json', '-c', String(BENCH_CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  // A short warm-up so JIT and caches are in the same state for every target.
  await autocannon(url, headers, 1);
  const result = await autocannon(url, headers, BENCH_SECONDS);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
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
