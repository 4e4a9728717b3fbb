import pino, { type DestinationStream } from 'pino';

/**
 * Lines wait in memory until about this much is buffered (a Linux pipe's default capacity, so one
 * write to a piped stdout fits in it)…
 */
const BUFFER_CHARS = 65_536;
/** …or this long, whichever comes first. */
const FLUSH_EVERY_MS = 250;

const unflushed = new Set<() => void>();
process.once('exit', () => {
  for (const flushSync of unflushed) flushSync();
});

/**
 * Where the server's logs go: one write per ~64 KB or per 250 ms instead of one per line. With a log
 * line per request, a write per line was the largest cost the production stack added to a request
 * (bench/http.ts); at 4 KB a write per ~20 requests still cost 3–4 points of its ratio to bare
 * Fastify, as every write is handed to libuv's thread pool, which shares the server's CPU (decision
 * 009). Lines are collected here rather than with sonic-boom's own `minLength`, whose write()
 * measures the whole pending buffer again for every line (decision 007). A hard kill can
 * lose at most the last 250 ms of lines; a normal exit (graceful shutdown ends in process.exit)
 * writes out everything pending.
 */
export function createLogDestination(dest: number | string = 1): DestinationStream {
  const file = pino.destination({ dest, sync: false });
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    if (!lines.length) return;
    const chunk = lines.join('');
    lines = [];
    length = 0;
    file.write(chunk);
  };
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  timer.unref();
  unflushed.add(() => {
    flush();
    try {
      file.flushSync();
    } catch {
      // Never opened (a bad path is reported when opening): nothing more can be written.
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= BUFFER_CHARS) flush();
    },
  };
}
