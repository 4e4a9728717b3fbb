import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface FlushTimes {
  flushes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * How long this machine's disk takes to make 8 KiB durable (write + fdatasync, as PostgreSQL's WAL
 * flush at each commit with `synchronous_commit=on` and `wal_sync_method=fdatasync`), timed for
 * `seconds` in `dir` (give it a folder on PostgreSQL's file system). Every acknowledged write of
 * a route waits for one such flush (shared by the commits that group with it), so its p99 is a
 * floor under the route's p99 that no server code can lower.
 */
export function timeDiskFlushes(dir: string, seconds: number): FlushTimes {
  const file = path.join(dir, `flush-probe-${process.pid}`);
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(8192, 7);
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  try {
    for (let offset = 0; performance.now() < until; offset = (offset + block.length) % (16 << 20)) {
      const started = performance.now();
      writeSync(fd, block, 0, block.length, offset);
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
  return { flushes: times.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}
