import pino, { type DestinationStream } from 'pino';

/** Lines wait in memory until this much is buffered… */
const BUFFER_BYTES = 4096;
/** …or this long, whichever comes first. */
const FLUSH_EVERY_MS = 250;

/**
 * Where the server's logs go: one write per ~4 KB or per 250 ms instead of one per line. With a log
 * line per request, a write per line was the largest cost the production stack added to a request
 * (bench/http.ts). A hard kill can lose at most the last 250 ms of lines; pino flushes what is
 * buffered when the process exits normally (graceful shutdown ends in process.exit).
 */
export function createLogDestination(dest: number | string = 1): DestinationStream {
  const stream = pino.destination({ dest, sync: false, minLength: BUFFER_BYTES });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Not open yet, or already closed at exit: the next tick or the exit flush covers it.
    }
  }, FLUSH_EVERY_MS);
  timer.unref();
  return stream;
}
