import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LogFn, type Logger } from 'pino';

const { chindingsSym, endSym, lsCacheSym, streamSym, timeSym } = pino.symbols;
const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger (`request.log`). Most requests log nothing but their request line, so the pino
 * child carrying the request id is made on first use; the line is written from the app logger's
 * parts and the id. It also marks when the request started: Fastify only keeps that when it runs
 * with its own logger, which costs every request two response listeners (decision 008).
 */
export class RequestLogger implements FastifyBaseLogger {
  #own: Logger | undefined;
  readonly startedAt = performance.now();

  constructor(
    readonly parent: Logger,
    readonly bindings: Bindings,
    /** A route's own log level or serialisers; without them the child is only the request id. */
    readonly options?: ChildLoggerOptions,
  ) {}

  /** The real child, made the first time anything but the request line is logged. */
  own(): Logger {
    this.#own ??= this.parent.child(this.bindings, this.options);
    return this.#own;
  }

  get level(): string {
    return this.#own?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.own().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.own().child(bindings, options);
  }

  /** What the request line is made of: the pino logger whose parts it uses, and its bindings as JSON. */
  lineParts(): { logger: Logger; chindings: string } {
    if (this.#own || this.options) {
      const own = this.own();
      return { logger: own, chindings: chindingsOf(own) };
    }
    let chindings = chindingsOf(this.parent);
    for (const [key, value] of Object.entries(this.bindings))
      chindings += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
    return { logger: this.parent, chindings };
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
}
// On the prototype, not per instance: a request logger is made for every request and is three fields.
for (const method of LOG_METHODS) {
  Object.defineProperty(RequestLogger.prototype, method, {
    value(this: RequestLogger, ...args: Parameters<LogFn>) {
      return this.own()[method](...args);
    },
  });
}

const chindingsOf = (logger: Logger) => (logger as unknown as Record<symbol, string>)[chindingsSym] ?? '';

/**
 * Fastify's `childLoggerFactory`: every request gets a RequestLogger over the app's pino logger (the
 * parent Fastify hands in is its no-op logger, as Fastify runs without one), with the route's own
 * log level or serialisers when it has them.
 */
export function requestLoggerFactory(
  logger: Logger,
): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (_fastifyLogger, bindings, options) =>
    new RequestLogger(
      logger,
      bindings,
      options.level !== undefined || options.serializers !== undefined ? options : undefined,
    );
}

/**
 * One line per request, written as its answer is handed to the socket, that says by itself what
 * happened: `{reqId, method, url, statusCode, responseTime}` (milliseconds until then). The line is
 * assembled from the logger's own pino parts (pino.symbols, which pino exposes for "performant
 * integration"): level prefix, time, bindings and stream, so it is byte for byte what
 * `log.info(fields, msg)` writes, at a fraction of the cost of pino's generic object walk — it runs
 * on every request (decisions 007, 008).
 */
export function writeRequestLine(request: FastifyRequest, reply: FastifyReply): void {
  const log = request.log;
  if (!(log instanceof RequestLogger)) return;
  const { logger, chindings } = log.lineParts();
  if (!logger.isLevelEnabled('info')) return;
  const responseTime = performance.now() - log.startedAt;
  const parts = logger as unknown as Record<symbol, unknown>;
  const stream = parts[streamSym] as { write(line: string): unknown };
  const levelPrefix = (parts[lsCacheSym] as Record<number, string>)[logger.levels.values.info as number];
  const time = (parts[timeSym] as () => string)();
  stream.write(
    `${levelPrefix}${time}${chindings}` +
      `,"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)}` +
      `,"statusCode":${reply.statusCode},"responseTime":${responseTime}` +
      `,"msg":"request completed"${parts[endSym] as string}`,
  );
}

/** Writes the request line of every answer, error answers and 404s included. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    writeRequestLine(request, reply);
    done(null, payload);
  });
}

/**
 * Fastify's own request log lines, quietened: the arrival line is not written (the request line says
 * it all) and the completion line is the onSend one above. What is left is an answer that failed on
 * its way out, which Fastify reports only for routes with onResponse hooks.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error || this.isLogDisabled(request)) return;
    reply.log.error(
      { method: request.method, url: request.url, statusCode: reply.statusCode, err: error },
      'response failed',
    );
  }
}
