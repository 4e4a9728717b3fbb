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

  /**
   * Writes the request line `{reqId, method, url, statusCode, responseTime}` (milliseconds since the
   * request started), byte for byte what `info(fields, 'request completed')` writes, from the pino
   * logger's own parts (pino.symbols, exposed for "performant integration"). It runs on every
   * request, so it skips pino's generic object walk, and the child when there is none (decisions 008, 009).
   */
  writeRequestLine(method: string, url: string, statusCode: number): void {
    const own = this.#own ?? (this.options ? this.own() : undefined);
    const logger = own ?? this.parent;
    if (!logger.isLevelEnabled('info')) return;
    const responseTime = millisecondsJson(performance.now() - this.startedAt);
    const levelPrefix = pinoPart<Record<number, string>>(logger, lsCacheSym)[
      logger.levels.values.info as number
    ];
    const chindings = pinoPart<string>(logger, chindingsSym) + (own ? '' : bindingsJson(this.bindings));
    pinoPart<{ write(line: string): unknown }>(logger, streamSym).write(
      `${levelPrefix}${pinoPart<() => string>(logger, timeSym)()}${chindings}` +
        `,"method":${jsonString(method)},"url":${jsonString(url)},"statusCode":${statusCode}` +
        `,"responseTime":${responseTime},"msg":"request completed"${pinoPart<string>(logger, endSym)}`,
    );
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

/** One of the parts a pino logger's lines are made of (pino.symbols types the keys only as symbols). */
const pinoPart = <T>(logger: Logger, key: symbol) => (logger as unknown as Record<symbol, T>)[key] as T;

/** Printable ASCII without quote or backslash: JSON writes it as it is, as for nearly every URL and request id. */
const PLAIN_JSON_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const jsonString = (value: string) => (PLAIN_JSON_STRING.test(value) ? `"${value}"` : JSON.stringify(value));

/** The request logger's bindings as pino writes them after its parent's (`,"reqId":"…"`). */
function bindingsJson(bindings: Bindings): string {
  let json = '';
  for (const key in bindings) {
    const value: unknown = bindings[key];
    if (value === undefined) continue;
    json += `,${jsonString(key)}:${typeof value === 'string' ? jsonString(value) : JSON.stringify(value)}`;
  }
  return json;
}

/** ".5" for 500 µs, ".05" for 50, "" for none: what JSON writes after the whole milliseconds. */
const FRACTIONS = Array.from({ length: 1000 }, (_, micros) =>
  micros ? `.${String(micros).padStart(3, '0').replace(/0+$/, '')}` : '',
);

/**
 * A duration to the microsecond, written as JSON writes the number (1.5, not 1.500): a double's
 * shortest decimal form costs several times more than the whole request line around it.
 */
export function millisecondsJson(milliseconds: number): string {
  const micros = Math.round(milliseconds * 1000);
  const whole = Math.trunc(micros / 1000);
  return `${whole}${FRACTIONS[micros - whole * 1000]}`;
}

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

/** One line per request, written as its answer is handed to the socket, that says by itself what happened. */
export function writeRequestLine(request: FastifyRequest, reply: FastifyReply): void {
  const log = request.log;
  if (log instanceof RequestLogger) log.writeRequestLine(request.method, request.url, reply.statusCode);
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
