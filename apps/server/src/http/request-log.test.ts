import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { millisecondsJson, RequestLogger, requestLoggerFactory, writeRequestLine } from './request-log';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message: string };
}

const lines: LogLine[] = [];
const { app } = await createTestApp({
  config: { LOG_LEVEL: 'info' },
  logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  extend(app) {
    app.get('/app/test/log-crash', { config: { access: 'public' } }, async () => {
      throw new Error('disk on fire');
    });
    app.get('/app/test/log-note', { config: { access: 'public' } }, async (request) => {
      request.log.warn({ note: 'low on towels' }, 'store note');
      return { ok: true };
    });
    app.get('/app/test/log-quiet', { config: { access: 'public' }, logLevel: 'warn' }, async (request) => {
      request.log.info('not written at this route level');
      return { ok: true };
    });
  },
});

const linesOf = (requestId: unknown) => lines.filter((line) => line.reqId === requestId);

describe('request logging', () => {
  it('writes one line per request naming the method, URL, status and time', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/Login/countryCode?x=1' });
    const own = linesOf(response.headers['x-request-id']);
    expect(own).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: '/app/Login/countryCode?x=1',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('logs a refused request with its status', async () => {
    const response = await app.inject({ method: 'POST', url: '/app/nowhere', payload: {} });
    expect(linesOf(response.headers['x-request-id'])).toEqual([
      expect.objectContaining({ method: 'POST', url: '/app/nowhere', statusCode: 404 }),
    ]);
  });

  it('logs a crash as an error carrying the request id, and the request line after it', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/log-crash' });
    const own = linesOf(response.headers['x-request-id']);
    expect(own).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'unhandled error',
        err: expect.objectContaining({ message: 'disk on fire' }),
      }),
      expect.objectContaining({ level: 30, method: 'GET', url: '/app/test/log-crash', statusCode: 500 }),
    ]);
  });
});

describe('the request logger', () => {
  it('carries the request id on what a handler logs, before the request line', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/log-note' });
    expect(linesOf(response.headers['x-request-id'])).toEqual([
      expect.objectContaining({ level: 40, msg: 'store note', note: 'low on towels' }),
      expect.objectContaining({ level: 30, msg: 'request completed', statusCode: 200 }),
    ]);
  });

  it('keeps a route to its own log level, request line included', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/log-quiet' });
    expect(response.statusCode).toBe(200);
    expect(linesOf(response.headers['x-request-id'])).toEqual([]);
  });

  it('logs the app through the same logger', () => {
    app.log.info({ check: 'app-level' }, 'app line');
    expect(lines.filter((line) => line.msg === 'app line')).toEqual([
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });

  it('makes no pino child for a request that logs only its request line', () => {
    const parent = pino({ level: 'info' }, { write: () => {} });
    const child = vi.spyOn(parent, 'child');
    const log = requestLoggerFactory(parent).call(app, app.log, { reqId: 'r-1' }, {}, {} as never);
    expect(log).toBeInstanceOf(RequestLogger);
    writeRequestLine({ log, method: 'GET', url: '/' } as never, { statusCode: 200 } as never);
    expect(child).not.toHaveBeenCalled();
    log.info('now it logs');
    expect(child).toHaveBeenCalledTimes(1);
  });
});

describe('the request line', () => {
  const requestLogger = (logger: pino.Logger, reqId: string) =>
    requestLoggerFactory(logger).call(app, app.log, { reqId }, {}, {} as never);

  it('is exactly the line pino writes for the same fields', () => {
    const own: string[] = [];
    const pinoLines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void own.push(line) });
    const log = requestLogger(logger, 'req-1"quoted');
    writeRequestLine({ log, method: 'GET', url: '/app/x?q="ü"\\n' } as never, { statusCode: 201 } as never);

    const reference = pino({ level: 'info' }, { write: (line: string) => void pinoLines.push(line) });
    const written = JSON.parse(own[0] ?? '{}') as { responseTime: number };
    reference
      .child({ reqId: 'req-1"quoted' })
      .info(
        { method: 'GET', url: '/app/x?q="ü"\\n', statusCode: 201, responseTime: written.responseTime },
        'request completed',
      );
    const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');
    expect(own).toHaveLength(1);
    expect(written.responseTime).toBeGreaterThanOrEqual(0);
    expect(withoutTime(own[0])).toBe(withoutTime(pinoLines[0]));
  });

  it('is the same line whether or not the request logged something else first', () => {
    const written: string[][] = [[], []];
    for (const [index, logFirst] of [false, true].entries()) {
      const sink = written[index] as string[];
      const logger = pino({ level: 'info' }, { write: (line: string) => void sink.push(line) });
      const log = requestLogger(logger, 'req-2"\\ü');
      if (logFirst) log.info('first');
      writeRequestLine({ log, method: 'POST', url: '/app/order' } as never, { statusCode: 200 } as never);
    }
    const comparable = (line: string | undefined) =>
      line?.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.e-]+/, '"responseTime":0');
    expect(comparable(written[0]?.at(-1))).toBe(comparable(written[1]?.at(-1)));
    expect(JSON.parse(written[0]?.at(-1) ?? '')).toMatchObject({ reqId: 'req-2"\\ü', statusCode: 200 });
  });

  it('writes nothing when the level is above info', () => {
    const own: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void own.push(line) });
    const log = requestLogger(logger, 'r');
    writeRequestLine({ log, method: 'GET', url: '/' } as never, { statusCode: 200 } as never);
    expect(own).toEqual([]);
  });
});

describe('a response time in the request line', () => {
  it('is the duration to the microsecond, written as JSON writes that number', () => {
    const durations = [
      0, 0.0004, 0.0005, 0.05, 0.1, 0.5, 1, 1.5, 1.05, 1.005, 12, 99.9999, 1234.5678, 60_000.001,
    ];
    for (let micros = 0; micros < 5_000; micros += 7) durations.push(micros / 1000 + 0.0001);
    for (const duration of durations) {
      expect(millisecondsJson(duration)).toBe(JSON.stringify(Math.round(duration * 1000) / 1000));
    }
  });
});
