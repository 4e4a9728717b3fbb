// Bench-only probe, preloaded into a process with `--import` (bench/chat.ts with
// BENCH_CHAT_LOOP_PROBE=<dir>, and the chat load generator): once a second it appends one JSON line
// to `<dir>/<name>.jsonl` with that second's event-loop delay (perf_hooks monitorEventLoopDelay,
// 10-ms resolution: p50 / p99 / max), the GC pauses in it (count, total and longest, from the 'gc'
// performance entries) and the process's CPU time in it (user + system). Nothing in the server
// imports it; it only observes.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.BENCH_LOOP_PROBE_DIR;
const name = process.env.BENCH_LOOP_PROBE_NAME ?? `pid-${process.pid}`;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.jsonl`);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Date.now(),
        loopP50Ms: ms(delay.percentile(50)),
        loopP99Ms: ms(delay.percentile(99)),
        loopMaxMs: ms(delay.max),
        gcCount: gc.count,
        gcMs: Math.round(gc.totalMs * 10) / 10,
        gcMaxMs: Math.round(gc.maxMs * 10) / 10,
        cpuMs: Math.round((used.user + used.system) / 1000),
      })}\n`,
    );
    delay.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
  }, 1_000);
  timer.unref();
}

// With BENCH_LOOP_PROBE_STATEMENTS=1 as well: every statement this process sends to PostgreSQL is
// counted by its text (whitespace folded, first 120 characters), written at exit to
// `<dir>/<name>-statements.json` with the seconds they were counted over.
if (dir && process.env.BENCH_LOOP_PROBE_STATEMENTS) {
  const { default: pg } = await import('pg');
  const counts = new Map();
  const startedAt = Date.now();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(...args) {
    const first = args[0];
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string') {
      const key = text.replace(/\s+/g, ' ').slice(0, 120);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
  // Cumulative counts each second, so a window (the measured sends) can be cut out afterwards.
  const snapshots = [];
  setInterval(() => snapshots.push({ t: Date.now(), counts: Object.fromEntries(counts) }), 1_000).unref();
  const { writeFileSync } = await import('node:fs');
  process.on('exit', () => {
    writeFileSync(path.join(dir, `${name}-statements.json`), JSON.stringify({ startedAt, snapshots }));
  });
}
