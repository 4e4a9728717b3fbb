import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshKhPhone, randomIp } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';

const { app } = await createTestApp({ config: { CORS_ORIGINS: 'https://partner.example' } });

/** The form a page on another site can post without any script: no preflight, the browser sends its Origin. */
function formPost(origin: string | undefined, phone = freshKhPhone(), extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'POST',
    url: '/app/auth/sms-codes',
    remoteAddress: randomIp(),
    headers: {
      host: 'sabai.example',
      'content-type': 'application/x-www-form-urlencoded',
      lang: 'vi-VN',
      ...(origin === undefined ? {} : { origin }),
    },
    payload: `areaCode=${phone.areaCode}&phone=${encodeURIComponent(phone.phone)}&purpose=register`,
    ...extra,
  });
}

const outbox = async (e164: string) =>
  (await app.inject({ url: `/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}` })).json().data;

describe('cross-site requests', () => {
  it.each(['https://evil.example', 'null', 'https://sabai.example.evil.example', 'not a url'])(
    'refuses a form POST from the foreign origin %s, and sends no code',
    async (origin) => {
      const phone = freshKhPhone();
      const response = await formPost(origin, phone);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: ERROR_CODES.crossSiteRequestRefused.code,
        msg: 'Yêu cầu này đến từ một trang web khác nên đã bị từ chối.',
        data: null,
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(await outbox(phone.e164)).toEqual([]);
    },
  );

  it.each([
    ['no Origin (native apps, curl)', undefined],
    ['its own origin', 'https://sabai.example'],
    ['its own origin over plain http (a TLS proxy in front)', 'http://sabai.example'],
    ['an origin listed in CORS_ORIGINS', 'https://partner.example'],
  ])('takes a POST with %s', async (_what, origin) => {
    const phone = freshKhPhone();
    const response = await formPost(origin, phone);
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(0);
    expect(await outbox(phone.e164)).toHaveLength(1);
  });

  it('compares the port too', async () => {
    const response = await formPost('https://sabai.example:8443');
    expect(response.statusCode).toBe(403);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses %s from a foreign origin', async (method) => {
    const response = await app.inject({
      method,
      url: '/app/user/profile',
      headers: { host: 'sabai.example', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ERROR_CODES.crossSiteRequestRefused.code);
  });

  it('lets a foreign origin read (GET), as CORS decides what its script may see', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/app/Login/countryCode',
      headers: { host: 'sabai.example', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(0);
  });
});
