import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

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
});

describe('the request id', () => {
  it("logs the caller's x-request-id when it has a safe form", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/app/Login/countryCode',
      headers: { 'x-request-id': 'trace-0001_abc' },
    });
    expect(response.headers['x-request-id']).toBe('trace-0001_abc');
    expect(linesOf('trace-0001_abc')).toEqual([
      expect.objectContaining({ msg: 'request completed', statusCode: 200 }),
    ]);
  });

  it('replaces an x-request-id of any other form with its own', async () => {
    const forged = '"} forged line\n{"level":60';
    const response = await app.inject({
      method: 'GET',
      url: '/app/Login/countryCode',
      headers: { 'x-request-id': forged },
    });
    const own = response.headers['x-request-id'];
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(own)).toHaveLength(1);
    expect(lines.some((line) => JSON.stringify(line).includes('forged'))).toBe(false);
  });
});

describe('what logs never hold', () => {
  it("writes a crash with the request's headers but without its credentials", async () => {
    const secret = 'tok-7c1f2e9a-secret';
    const response = await app.inject({
      method: 'GET',
      url: '/app/test/log-crash',
      headers: { token: secret, authorization: `Bearer ${secret}`, cookie: `s=${secret}`, lang: 'km-KH' },
    });
    const [crash] = linesOf(response.headers['x-request-id']) as unknown as [
      { req: { headers: Record<string, string> } },
    ];
    expect(crash.req.headers).toMatchObject({ lang: 'km-KH', token: '[Redacted]' });
    expect(lines.some((line) => JSON.stringify(line).includes(secret))).toBe(false);
  });

  it('masks the phone number an SMS is sent to', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/auth/sms-codes',
      payload: { areaCode: '855', phone: '012 345 678', purpose: 'register' },
    });
    expect(response.json().code).toBe(0);
    const sms = lines.filter((line) => line.msg.startsWith('dev SMS'));
    expect(sms).toEqual([expect.objectContaining({ to: '+855*****678' })]);
    expect(lines.some((line) => JSON.stringify(line).includes('12345678'))).toBe(false);
  });
});
