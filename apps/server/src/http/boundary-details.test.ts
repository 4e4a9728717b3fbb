import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { call, freshKhPhone, PASSWORD, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';

const { app } = await createTestApp();

/** A built web app with the build stamp `npm start` writes beside it. */
const webDist = mkdtempSync(path.join(tmpdir(), 'sabai-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sabai</title>');
writeFileSync(path.join(webDist, '.source-hash'), 'f00d');
const production = { NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true', WEB_DIST_DIR: webDist };
const { app: productionApp } = await createTestApp({ config: production });
const { app: documentedProductionApp } = await createTestApp({ config: { ...production, API_DOCS: 'true' } });

describe('answers that carry tokens or personal data', () => {
  it('are never stored by a cache', async () => {
    const phone = freshKhPhone();
    const session = await registerUser(app, phone);
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: { areaCode: phone.areaCode, phone: phone.phone, password: PASSWORD },
    });
    expect(login.json().code).toBe(0);
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await call(app, {
      method: 'GET',
      url: `/app/user/selectUserById?userId=${session.user.id}`,
      token: session.token,
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await call(app, { method: 'GET', url: '/app/nope' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('a body of a type no route reads', () => {
  it.each(['text/plain', 'application/xml', 'text/csv'])('%s answers 415 with the envelope', async (type) => {
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      headers: { 'content-type': type, lang: 'vi-VN' },
      payload: 'areaCode=855',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: ERROR_CODES.unsupportedMediaType.code,
      msg: 'Loại nội dung này không được hỗ trợ.',
      data: null,
    });
  });
});

describe('what a production server publishes about itself', () => {
  it('serves no API documentation unless API_DOCS is set', async () => {
    for (const url of ['/docs/', '/docs/json']) {
      expect((await productionApp.inject({ url })).statusCode).toBe(404);
      expect((await documentedProductionApp.inject({ url })).statusCode).toBe(200);
    }
    // Outside production the documentation is on by default.
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(200);
  });

  it('never serves the build stamp or any other dotfile of the web app', async () => {
    const response = await productionApp.inject({ url: '/.source-hash' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('f00d');
    expect((await productionApp.inject({ url: '/' })).body).toContain('<title>Sabai</title>');
  });
});
