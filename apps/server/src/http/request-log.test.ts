import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { RequestLog } from './request-log';

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

describe('the request line', () => {
  it('is exactly the line pino writes for the same fields', () => {
    const own: string[] = [];
    const pinoLines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void own.push(line) });
    const child = logger.child({ reqId: 'req-1"quoted' });
    const request = { method: 'GET', url: '/app/x?q="ü"\\n' } as never;
    const reply = { log: child, statusCode: 201, elapsedTime: 1.25 } as never;
    new RequestLog().requestCompleted(null, request, reply);

    const reference = pino({ level: 'info' }, { write: (line: string) => void pinoLines.push(line) });
    reference
      .child({ reqId: 'req-1"quoted' })
      .info(
        { method: 'GET', url: '/app/x?q="ü"\\n', statusCode: 201, responseTime: 1.25 },
        'request completed',
      );
    const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');
    expect(own).toHaveLength(1);
    expect(withoutTime(own[0])).toBe(withoutTime(pinoLines[0]));
  });

  it('writes nothing when the level is above info', () => {
    const own: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void own.push(line) });
    const reply = { log: logger.child({ reqId: 'r' }), statusCode: 200, elapsedTime: 1 } as never;
    new RequestLog().requestCompleted(null, { method: 'GET', url: '/' } as never, reply);
    expect(own).toEqual([]);
  });
});
