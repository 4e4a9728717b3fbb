import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { call, freshKhPhone, PASSWORD, sendCode } from '../../../test/identity-helpers';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { smsCodes } from '../../db/schema';
import { createDevSmsGateway, createHttpSmsGateway, SmsSendError } from './sms-gateway';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A stand-in SMS aggregator on 127.0.0.1: records what it is sent and answers `status`, or not until released. */
async function startProvider() {
  const received: Received[] = [];
  const state: { status: number; hang: Promise<void> | null } = { status: 200, hang: null };
  // The gateway's fetch keeps connections alive; close them with the stand-in.
  const provider: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  provider.post('/send', async (request, reply) => {
    received.push({
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: request.body,
    });
    if (state.hang) await state.hang;
    return reply.status(state.status).send({ ok: state.status < 300, detail: 'quota 123456 exceeded' });
  });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  const address = provider.server.address();
  if (!address || typeof address === 'string') throw new Error('no provider address');
  afterAll(() => provider.close());
  return { url: `http://127.0.0.1:${address.port}/send`, received, state };
}

const provider = await startProvider();
// Several apps, each configured differently, on one private database.
const database = await openTestDatabase();
const httpConfig = { SMS_PROVIDER: 'http', SMS_HTTP_URL: provider.url, SMS_HTTP_TOKEN: 'app-token' };
const { app } = await createTestApp({ database, config: { ...httpConfig, SMS_HTTP_TIMEOUT_MS: '500' } });
const { app: developmentApp } = await createTestApp({
  database,
  config: { NODE_ENV: 'development', SMS_DEV_OUTBOX: 'true' },
});
// `npm start` with nothing set: development, the dev gateway, and no outbox.
const { app: defaultApp } = await createTestApp({
  database,
  config: { NODE_ENV: 'development', SMS_DEV_OUTBOX: '' },
});
const { app: proxiedApp } = await createTestApp({
  database,
  config: { NODE_ENV: 'development', SMS_DEV_OUTBOX: 'true', TRUST_PROXY: '127.0.0.1' },
});
const { app: testApp } = await createTestApp({ database });
const { app: demoApp } = await createTestApp({
  database,
  config: { NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true' },
});
const { app: productionApp } = await createTestApp({
  database,
  config: { ...httpConfig, NODE_ENV: 'production' },
});

const message = { to: '+85512345678', text: 'Your Sabai code is 654321', code: '654321', purpose: 'login' };

describe('HTTP SMS gateway (against a local provider)', () => {
  const gateway = createHttpSmsGateway({ url: provider.url, token: 'secret-token', timeoutMs: 500 });

  it('posts {to, text} as JSON with the bearer token, and nothing else', async () => {
    provider.state.status = 200;
    const before = provider.received.length;
    await gateway.send(message);
    expect(provider.received.slice(before)).toEqual([
      {
        authorization: 'Bearer secret-token',
        contentType: 'application/json',
        body: { to: '+85512345678', text: 'Your Sabai code is 654321' },
      },
    ]);
  });

  it.each([400, 401, 500, 503])('fails loudly when the provider answers HTTP %i', async (status) => {
    provider.state.status = status;
    const sent = gateway.send(message);
    await expect(sent).rejects.toThrow(SmsSendError);
    await expect(sent).rejects.toThrow(new RegExp(`HTTP ${status}: .*quota … exceeded`));
    provider.state.status = 200;
  });

  it('gives up after the timeout when the provider does not answer', async () => {
    // The provider holds its answer until the test is over, so the only way out is the gateway's
    // own timeout: an upper bound on the clock would measure the machine's load, not the gateway.
    let release = () => {};
    provider.state.hang = new Promise((resolve) => {
      release = resolve;
    });
    const before = provider.received.length;
    const started = performance.now();
    try {
      await expect(gateway.send(message)).rejects.toThrow(/timed out \(500 ms limit\)/);
      // It waited out its limit first (timers never fire early, however loaded the machine)…
      expect(performance.now() - started).toBeGreaterThanOrEqual(490);
      // …on a request the provider had received and not yet answered.
      expect(provider.received.length).toBe(before + 1);
    } finally {
      provider.state.hang = null;
      release();
    }
  });

  it('fails when the provider is unreachable', async () => {
    const closed = Fastify({ logger: false });
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const address = closed.server.address();
    await closed.close();
    if (!address || typeof address === 'string') throw new Error('no address');
    const unreachable = createHttpSmsGateway({
      url: `http://127.0.0.1:${address.port}/send`,
      token: 't',
      timeoutMs: 500,
    });
    await expect(unreachable.send(message)).rejects.toThrow(/unreachable/);
  });
});

describe('the app with SMS_PROVIDER=http', () => {
  it('sends the code through the provider, and that code registers the account', async () => {
    provider.state.status = 200;
    const phone = freshKhPhone();
    const before = provider.received.length;
    expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
    const [sent] = provider.received.slice(before);
    expect(sent?.authorization).toBe('Bearer app-token');
    const body = sent?.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    expect(body.to).toBe(phone.e164);
    const code = body.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const registered = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      payload: { areaCode: '855', phone: phone.phone, code, password: PASSWORD, agreeTerms: true },
    });
    expect(registered.json()).toMatchObject({ code: 0, data: { user: { mobile: phone.e164 } } });
  });

  it('answers "could not send" when the provider refuses, and lets the user retry at once', async () => {
    const phone = freshKhPhone();
    provider.state.status = 503;
    const response = await sendCode(app, phone, 'register');
    expect(response.json().code).toBe(ERROR_CODES.smsSendFailed.code);
    expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phoneE164, phone.e164))).toEqual([]);
    // No 60-second wait for a code that never arrived.
    provider.state.status = 200;
    expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
  });

  it('has no dev outbox: codes exist only at the provider', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/dev/sms-outbox?phone=%2B85512345678' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the dev SMS outbox', () => {
  const outbox = (app: FastifyInstance, options: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'GET', url: '/app/dev/sms-outbox?phone=%2B85512345678', ...options });

  it('is off unless SMS_DEV_OUTBOX is set, though the dev gateway runs', async () => {
    const response = await outbox(defaultApp);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ERROR_CODES.routeNotFound.code);
    expect((await sendCode(defaultApp, freshKhPhone(), 'register')).json().code).toBe(0);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'answers a caller on this machine (%s)',
    async (remoteAddress) => {
      expect((await outbox(developmentApp, { remoteAddress })).statusCode).toBe(200);
    },
  );

  it.each<[string, FastifyInstance, { remoteAddress: string; headers?: Record<string, string> }]>([
    ['another machine', developmentApp, { remoteAddress: '203.0.113.9' }],
    ['another machine over IPv6', developmentApp, { remoteAddress: '2001:db8::1' }],
    [
      'another machine through a proxy on this one',
      developmentApp,
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ],
    [
      'another machine through a proxy (Forwarded header)',
      developmentApp,
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ],
    [
      'another machine claiming loopback behind a trusted proxy',
      proxiedApp,
      { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
  ])('refuses %s with a localised 403', async (_who, target, options) => {
    const response = await outbox(target, { ...options, headers: { ...options.headers, lang: 'th-TH' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: ERROR_CODES.devToolLocalOnly.code,
      msg: 'เครื่องมือสำหรับนักพัฒนานี้ตอบเฉพาะคำขอจากเครื่องที่รันเซิร์ฟเวอร์เท่านั้น',
      data: null,
    });
  });

  it.each([
    ['development', developmentApp],
    ['test', testApp],
  ])('is on with NODE_ENV=%s', async (_nodeEnv, target) => {
    const response = await outbox(target);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: [] });
  });

  it('is off in production, even with the dev gateway allowed for a demo', async () => {
    const response = await outbox(demoApp);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ERROR_CODES.routeNotFound.code);
    // The gateway still "sends", so the demo works; only the outbox route is gone.
    expect((await sendCode(demoApp, freshKhPhone(), 'register')).json().code).toBe(0);
  });

  it('is off in production with a real provider', async () => {
    expect((await outbox(productionApp)).statusCode).toBe(404);
  });
});

describe('the dev gateway log', () => {
  const logger = () => {
    const lines: { level: string; fields: Record<string, unknown> }[] = [];
    return {
      lines,
      info: (fields: Record<string, unknown>) => lines.push({ level: 'info', fields }),
      debug: (fields: Record<string, unknown>) => lines.push({ level: 'debug', fields }),
    };
  };

  it('shows the code at info level in development', async () => {
    const log = logger();
    await createDevSmsGateway(log as never).send(message);
    expect(log.lines).toEqual([{ level: 'info', fields: expect.objectContaining({ code: '654321' }) }]);
  });

  it('keeps the code out of info-level lines when told (production demos)', async () => {
    const log = logger();
    await createDevSmsGateway(log as never, { logCodes: false }).send(message);
    const info = log.lines.filter((line) => line.level === 'info');
    expect(info).toHaveLength(1);
    expect(JSON.stringify(info)).not.toContain('654321');
    expect(log.lines.find((line) => line.level === 'debug')?.fields.code).toBe('654321');
  });
});
