import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { AppError } from '../lib/app-error';

const { app } = await createTestApp({
  config: { BODY_LIMIT_BYTES: '2048' },
  extend(app) {
    app.get('/app/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('database password is hunter2');
    });
    app.post('/app/test/echo', { config: { access: 'public' } }, async (request) => ({
      code: 0,
      msg: 'ok',
      data: request.body,
    }));
    app.get('/app/test/members', { config: { access: 'user' } }, async () => ({ code: 0 }));
    // What @fastify/static hands the error handler for a path `send` refuses (a malicious path, a
    // denied dotfile): an http-errors 403, sent with reply.send(error).
    app.get('/static-refusal', async (_request, reply) =>
      reply.send(Object.assign(new Error('Forbidden'), { status: 403, statusCode: 403, expose: true })),
    );
    app.get('/app/test/unavailable', { config: { access: 'public' } }, async () => {
      throw new AppError('serviceUnavailable');
    });
    app.get(
      '/app/test/limited',
      { config: { access: 'public', rateLimit: { max: 1, timeWindow: '1 minute' } } },
      async () => ({ code: 0, msg: 'ok', data: null }),
    );
  },
});

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: { enum?: string[] } }[];
  responses: Record<string, { content?: Record<string, { schema?: { required?: string[] } }> }>;
  security?: unknown;
}

const API_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];
const pick = (headers: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, headers[name]]));

describe('the HTTP contract', () => {
  it('answers an unknown route with the envelope, HTTP 404 and a localised message', async () => {
    const en = await app.inject({ method: 'GET', url: '/app/does/not/exist' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      code: ERROR_CODES.routeNotFound.code,
      msg: 'This page or action does not exist.',
      data: null,
    });

    const km = await app.inject({ method: 'GET', url: '/app/does/not/exist', headers: { lang: 'km-KH' } });
    expect(km.json().msg).toBe('ទំព័រ ឬសកម្មភាពនេះមិនមានទេ។');
    const zhTw = await app.inject({ method: 'GET', url: '/app/does/not/exist', headers: { lang: 'zh-TW' } });
    expect(zhTw.json().msg).toBe('該頁面或操作不存在。');
  });

  it('answers malformed JSON with code malformedJson and no stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/test/echo',
      headers: { 'content-type': 'application/json', lang: 'th-TH' },
      payload: '{"phone": ',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(ERROR_CODES.malformedJson.code);
    expect(body.msg).toBe('ไม่สามารถอ่านคำขอได้ กรุณาลองใหม่อีกครั้ง');
    expect(response.body).not.toMatch(/at .*\.js|stack/i);
  });

  it.each(['/foo%E0%A4%A', '/app/x%ZZ'])(
    'answers the malformed URL %s with the localised envelope',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { lang: 'km-KH' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({
        code: ERROR_CODES.malformedJson.code,
        msg: 'មិនអាចអានសំណើបានទេ។ សូមព្យាយាមម្ដងទៀត។',
        data: null,
      });
      expect(response.body).not.toContain('FST_ERR_BAD_URL');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    },
  );

  it('answers an oversized body with 413 and the limit in the message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: ERROR_CODES.bodyTooLarge.code,
      msg: 'The request is too large (limit 2 KB).',
    });
  });

  it('reads a form-encoded body like a JSON one, repeated keys as a list', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: 'userId=7&sysPhone=2&ocid=a%20b&tag=x&tag=y&__proto__=z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      userId: '7',
      sysPhone: '2',
      ocid: 'a b',
      tag: ['x', 'y'],
      ['__proto__']: 'z',
    });
    expect(({} as Record<string, unknown>).z).toBeUndefined();
  });

  it('holds a form-encoded body to the same size limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `text=${'x'.repeat(4096)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(ERROR_CODES.bodyTooLarge.code);
  });

  it('takes a form-encoded POST to a real endpoint through validation to its handler', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const invalid = await app.inject({
      method: 'POST',
      url: '/app/auth/sms-codes',
      headers: form,
      payload: 'areaCode=855&phone=012345678&purpose=bogus',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['purpose']);

    const handled = await app.inject({
      method: 'POST',
      url: '/app/auth/login/password',
      headers: form,
      payload: 'areaCode=855&phone=012999888&password=not-the-one-1',
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().code).not.toBe(ERROR_CODES.validationFailed.code);
    expect([ERROR_CODES.loginFailed.code, ERROR_CODES.phoneNotRegistered.code]).toContain(
      handled.json().code,
    );
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(ERROR_CODES.unsupportedMediaType.code);
  });

  it('answers wrong types with the offending fields, in the caller language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/app/user/selectNewApp?classify=abc',
      headers: { lang: 'vi-VN' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(ERROR_CODES.validationFailed.code);
    expect(body.msg.startsWith('Một số thông tin không hợp lệ')).toBe(true);
    expect(body.data.fields).toEqual([{ field: 'classify', message: expect.any(String) }]);

    const missing = await app.inject({ method: 'GET', url: '/app/user/selectNewApp' });
    expect(missing.json().data.fields[0].field).toBe('classify');
  });

  it('hides a crash behind a generic localised message carrying the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/crash', headers: { lang: 'zh-CN' } });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      code: ERROR_CODES.internalError.code,
      msg: '服务器出了点问题，请稍后再试。',
      data: { requestId: response.headers['x-request-id'] },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('labels every envelope answer as UTF-8 JSON, whatever its status', async () => {
    await app.inject({ method: 'GET', url: '/app/test/limited' });
    const json = { 'content-type': 'application/json' };
    const cases: [string, InjectOptions, number, number][] = [
      ['business error', { method: 'GET', url: '/app/test/members' }, 200, ERROR_CODES.unauthenticated.code],
      [
        'validation',
        { method: 'GET', url: '/app/user/selectNewApp?classify=abc' },
        400,
        ERROR_CODES.validationFailed.code,
      ],
      [
        'malformed JSON',
        { method: 'POST', url: '/app/test/echo', headers: json, payload: '{' },
        400,
        ERROR_CODES.malformedJson.code,
      ],
      ['unknown route', { method: 'GET', url: '/app/nope' }, 404, ERROR_CODES.routeNotFound.code],
      [
        'too large',
        {
          method: 'POST',
          url: '/app/test/echo',
          headers: json,
          payload: JSON.stringify({ t: 'x'.repeat(4096) }),
        },
        413,
        ERROR_CODES.bodyTooLarge.code,
      ],
      [
        'unsupported type',
        {
          method: 'POST',
          url: '/app/test/echo',
          headers: { 'content-type': 'text/x-unknown' },
          payload: 'x',
        },
        415,
        ERROR_CODES.unsupportedMediaType.code,
      ],
      ['rate limited', { method: 'GET', url: '/app/test/limited' }, 429, ERROR_CODES.rateLimited.code],
      ['crash', { method: 'GET', url: '/app/test/crash' }, 500, ERROR_CODES.internalError.code],
      [
        'unavailable',
        { method: 'GET', url: '/app/test/unavailable' },
        503,
        ERROR_CODES.serviceUnavailable.code,
      ],
    ];
    for (const [name, request, status, code] of cases) {
      const response = await app.inject(request);
      expect({ name, status: response.statusCode, code: response.json().code }).toEqual({
        name,
        status,
        code,
      });
      expect({ name, type: response.headers['content-type'] }).toEqual({
        name,
        type: 'application/json; charset=utf-8',
      });
    }
  });

  it("answers @fastify/static's 403 as a page that does not exist, not as a crash", async () => {
    const response = await app.inject({ method: 'GET', url: '/static-refusal', headers: { lang: 'th-TH' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: ERROR_CODES.routeNotFound.code,
      msg: 'ไม่มีหน้าหรือการดำเนินการนี้',
      data: null,
    });
  });

  it('falls back to English for an unknown language', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/nope', headers: { lang: 'xx-YY' } });
    expect(response.json().msg).toBe('This page or action does not exist.');
  });

  it('sends the API security headers and a request id on every JSON answer', async () => {
    for (const url of [
      '/health',
      '/app/Login/countryCode',
      '/app/does/not/exist',
      '/app/uploads/none.webp',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, ...pick(response.headers, API_HEADERS) }).toEqual({
        url,
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      // Headers only a rendered page needs stay off JSON answers.
      expect(response.headers['origin-agent-cluster']).toBeUndefined();
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it("sends the full page security headers on pages, with the app's own CSP", async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['origin-agent-cluster']).toBe('?1');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('refuses cross-origin browser calls unless the origin is configured', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/app/Login/countryCode',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports database reachability on /health', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 0,
      data: { status: 'ok', database: 'up', realtime: 'local' },
    });
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/app/Login/countryCode',
        '/app/common/type/{type}',
        '/app/user/selectNewApp',
        '/health',
      ]),
    );
    const countryCode =
      document.paths['/app/Login/countryCode'].get.responses['200'].content['application/json'].schema;
    // HTTP 200 is the success envelope or a refusal (issue #37).
    expect(countryCode.oneOf[0].properties.data.items.properties).toHaveProperty('areaCode');
    expect(countryCode.oneOf[1]).toEqual({ $ref: '#/components/schemas/BusinessErrorEnvelope' });

    // The spec's request headers and the error envelope are declared on every operation.
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, OpenApiOperation>).map(([method, op]) => ({
        path,
        method,
        op,
      })),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const { path, method, op } of operations) {
      const headers = op.parameters?.filter((p) => p.in === 'header').map((p) => p.name) ?? [];
      expect({ path, method, headers }).toEqual({
        path,
        method,
        headers: expect.arrayContaining(['lang', 'deviceId', 'cityId', 'appVersion', 'systemInfo']),
      });
      // The token header is the security scheme where a login is needed, a plain header elsewhere.
      expect({ path, method, token: headers.includes('token') }).toEqual({
        path,
        method,
        token: !op.security,
      });
      const crash = op.responses['500']?.content?.['application/json']?.schema;
      expect({ path, method, crash: crash?.required }).toEqual({
        path,
        method,
        crash: ['code', 'msg', 'data'],
      });
      expect(op.responses['400']).toBeDefined();
    }
    const selectNewApp = document.paths['/app/user/selectNewApp'].get as OpenApiOperation;
    const lang = selectNewApp.parameters?.find((p) => p.name === 'lang');
    expect(lang?.schema?.enum).toEqual(expect.arrayContaining(['en-US', 'km-KH', 'zh-TW']));
    expect(selectNewApp.parameters?.some((p) => p.in === 'query' && p.name === 'classify')).toBe(true);
    // A logged-in route keeps its token through the security scheme.
    const vote = document.paths['/app/cities/{cityId}/votes'].post as OpenApiOperation;
    expect(vote.security).toEqual([{ token: [] }]);
    const sendCode = document.paths['/app/auth/sms-codes'].post as OpenApiOperation;
    expect(Object.keys(sendCode.responses)).toEqual(
      expect.arrayContaining(['200', '400', '413', '415', '429', '500']),
    );
    expect(Object.keys(document.paths['/health'].get.responses)).toContain('503');
  });
});

describe('CORS with configured origins', async () => {
  const { app: configured } = await createTestApp({ config: { CORS_ORIGINS: 'https://sabai.example' } });
  it('allows a configured origin', async () => {
    const response = await configured.inject({
      method: 'OPTIONS',
      url: '/app/Login/countryCode',
      headers: { origin: 'https://sabai.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://sabai.example');
  });
});
