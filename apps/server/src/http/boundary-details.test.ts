import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { call, freshKhPhone, PASSWORD, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';

const { app } = await createTestApp();

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
