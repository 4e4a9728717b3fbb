import pino, { type DestinationStream } from 'pino';

/**
 * Lines wait in sonic-boom's buffer until about this much is pending (a write per line was the
 * largest cost logging added to a request; decision 019)…
 */
const BUFFER_BYTES = 8_192;
/** …or this long, whichever comes first. */
const FLUSH_EVERY_MS = 250;
/** pino's numeric level of `error`: such lines, and `fatal` ones, are written before log() returns. */
const ERROR_LEVEL = 50;

/**
 * Where the server's logs go: sonic-boom buffers ordinary lines and writes them out per ~8 KB or
 * per 250 ms, and at exit (pino registers its destinations for that, uncaught exceptions included).
 * An error or fatal line is written at once, with everything before it, so a crash or a hard kill
 * right after it cannot lose the line that explains it.
 */
export function createLogDestination(dest: number | string = 1): DestinationStream {
  const file = pino.destination({
    dest,
    sync: false,
    minLength: BUFFER_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
  return {
    // pino sets `lastLevel` before each write on a stream that asks for its metadata.
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string) {
      file.write(line);
      if (this.lastLevel >= ERROR_LEVEL) writeOutNow(file);
    },
  } as DestinationStream & { lastLevel: number };
}

function writeOutNow(file: ReturnType<typeof pino.destination>) {
  try {
    file.flushSync();
  } catch {
    // The file is still opening: the line goes out with the next write once it is open.
  }
}
