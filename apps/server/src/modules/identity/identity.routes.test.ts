import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sessionSchema } from '@sabai/shared/identity/identity.schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  freshKhPhone,
  outboxCode,
  PASSWORD,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { testConfig } from '../../config/env';
import { sessions, smsCodes, userRoles, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createIdentityModule } from './index';
import { SMS_IP_DAILY_LIMIT } from './sms-codes';

const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;

/** Moves past the 60-second resend wait. */
const afterResendWait = () => clock.advance(61_000);

describe('registration', () => {
  it('creates the account, customer role and a session in one go, storing E.164 and the invitation code', async () => {
    const phone = freshKhPhone();
    const session = await registerUser(app, phone, { invitationCode: 'FRIEND42' });
    expect(sessionSchema.parse(session)).toBeTruthy();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toMatchObject({
      areaCode: '855',
      phone: phone.e164.slice(4),
      mobile: phone.e164,
      status: 1,
      isLogout: 1,
      vipLevel: 0,
      roles: ['customer'],
      invitationCode: 'FRIEND42',
      hasPassword: true,
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [stored] = await database.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(session.token);
    const [code] = await database.db.select().from(smsCodes).where(eq(smsCodes.phoneE164, phone.e164));
    expect(code?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(code?.consumedAt).not.toBeNull();
  });

  it('accepts the number typed without the leading 0 and a 9-digit Cambodian mobile', async () => {
    const session = await registerUser(app, { areaCode: '855', phone: '97 712 3456', e164: '+855977123456' });
    expect(session.user.mobile).toBe('+855977123456');
  });

  it('refuses a second account on the same phone, in the caller language', async () => {
    const { phone } = await registerUser(app);
    const response = await sendCode(app, phone, 'register');
    expect(response.json().code).toBe(codeOf('phoneAlreadyRegistered'));
    const km = await call(app, {
      method: 'POST',
      url: '/app/auth/sms-codes',
      headers: { lang: 'km-KH' },
      payload: { ...phone, purpose: 'register' },
    });
    expect(km.json().msg).toBe('លេខទូរស័ព្ទនេះបានចុះឈ្មោះរួចហើយ។ សូមចូលគណនីវិញ។');
  });

  const badRegistrations = [
    ['weak password', { password: 'abc123' }, 'passwordTooWeak'],
    ['missing agreement', { agreeTerms: undefined }, 'agreementRequired'],
    ['refused agreement', { agreeTerms: false }, 'agreementRequired'],
    ['wrong code', { code: 'WRONG' }, 'smsCodeInvalid'],
    ['short code', { code: '12345' }, 'smsCodeInvalid'],
    ['invalid phone', { phone: '023 123 456' }, 'phoneInvalid'],
    ['bad invitation code', { invitationCode: 'x!' }, 'invitationCodeInvalid'],
  ] as const;

  it.each(badRegistrations)('refuses a %s and creates nothing', async (_name, change, key) => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    const payload: Record<string, unknown> = {
      areaCode: '855',
      phone: phone.phone,
      code: change && 'code' in change ? '000000' : code,
      password: PASSWORD,
      agreeTerms: true,
      ...change,
    };
    if (payload.code === 'WRONG') payload.code = code === '000000' ? '111111' : '000000';
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      payload,
      headers: { lang: 'zh-CN' },
    });
    const body = response.json();
    expect(body.code).toBe(codeOf(key));
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await database.db.select().from(users).where(eq(users.phoneE164, phone.e164))).toEqual([]);
  });

  it('rolls everything back when the account cannot be created (nothing half-created)', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    // A sign-up racing another: the account appears between our checks and our insert.
    const before = await database.db.select().from(userRoles);
    const racing = database.db
      .insert(users)
      .values({ userName: 'racer', nickname: 'Racer', phoneE164: phone.e164 });
    await racing;
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      payload: { areaCode: '855', phone: phone.phone, code, password: PASSWORD, agreeTerms: true },
    });
    expect(response.json().code).toBe(codeOf('phoneAlreadyRegistered'));
    expect(await database.db.select().from(userRoles)).toHaveLength(before.length);
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phoneE164, phone.e164));
    expect(row?.consumedAt).toBeNull();
  });
});

describe('SMS codes', () => {
  it('sends 6 digits, valid 5 minutes, and refuses a resend within 60 seconds', async () => {
    const phone = freshKhPhone();
    const first = await sendCode(app, phone, 'register');
    expect(first.json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    expect(await outboxCode(app, phone.e164)).toMatch(/^[0-9]{6}$/);
    clock.advance(30_000);
    const again = await sendCode(app, phone, 'register');
    expect(again.json()).toMatchObject({
      code: codeOf('smsTooFrequent'),
      msg: 'Please wait 30 seconds before requesting another code.',
    });
    afterResendWait();
    expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
  });

  it('refuses an expired code', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    clock.advance(5 * 60_000 + 1000);
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      payload: { areaCode: '855', phone: phone.phone, code, password: PASSWORD, agreeTerms: true },
    });
    expect(response.json()).toMatchObject({
      code: codeOf('smsCodeExpired'),
      msg: 'The verification code has expired. Please request a new one.',
    });
  });

  it('refuses a code used once already', async () => {
    const { phone } = await registerUser(app);
    afterResendWait();
    await sendCode(app, phone, 'login');
    const code = await outboxCode(app, phone.e164);
    const login = () =>
      call(app, {
        method: 'POST',
        url: '/app/auth/login/sms',
        payload: { areaCode: '855', phone: phone.phone, code },
      });
    expect((await login()).json().code).toBe(0);
    expect((await login()).json().code).toBe(codeOf('smsCodeUsed'));
  });

  it('burns a code after five wrong tries, even when the right one follows', async () => {
    const { phone } = await registerUser(app);
    afterResendWait();
    await sendCode(app, phone, 'login');
    const code = await outboxCode(app, phone.e164);
    const wrong = code === '999999' ? '888888' : '999999';
    const attempt = (value: string) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/login/sms',
        payload: { areaCode: '855', phone: phone.phone, code: value },
      });
    for (let i = 1; i <= 4; i += 1) expect((await attempt(wrong)).json().code).toBe(codeOf('smsCodeInvalid'));
    expect((await attempt(wrong)).json().code).toBe(codeOf('smsCodeTooManyAttempts'));
    expect((await attempt(code)).json().code).toBe(codeOf('smsCodeTooManyAttempts'));
  });

  it('binds a code to its purpose: a sign-up code does not log in', async () => {
    const { phone } = await registerUser(app);
    afterResendWait();
    await sendCode(app, phone, 'resetPassword');
    const code = await outboxCode(app, phone.e164);
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      payload: { areaCode: '855', phone: phone.phone, code },
    });
    expect(response.json().code).toBe(codeOf('smsCodeInvalid'));
  });

  it('limits codes per phone per day', async () => {
    const phone = freshKhPhone();
    for (let i = 0; i < 10; i += 1) {
      expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
      afterResendWait();
    }
    expect((await sendCode(app, phone, 'register')).json().code).toBe(codeOf('smsDailyLimit'));
    clock.advance(24 * 60 * 60_000);
    expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
  });

  it('limits sends per client address (rate limiter, HTTP 429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/app/auth/sms-codes',
        remoteAddress: '192.0.2.77',
        payload: { ...freshKhPhone(), purpose: 'register' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits codes per client address per day in the database, across server processes', async () => {
    // Another server process on the same database (its own rate limiter, its own gateway) sends the
    // day's 30 codes for one address, each to a different phone; this app has never seen the address,
    // so its in-process limiter (10 per 10 minutes) cannot be what refuses below.
    const other = createIdentityModule({ db: database.db, clock, config: testConfig(), log: app.log });
    const ip = '198.51.100.23';
    const caller = { user: null, deviceId: null, ip, lang: 'en' };
    const send = (phone: { areaCode: string; phone: string }) =>
      other.identity.sendCode({ ...phone, purpose: 'register' }, caller);
    for (let i = 0; i < SMS_IP_DAILY_LIMIT; i += 1) await send(freshKhPhone());
    await expect(send(freshKhPhone())).rejects.toMatchObject({ key: 'rateLimited' });

    const phone = freshKhPhone();
    const viaApp = () =>
      app.inject({
        method: 'POST',
        url: '/app/auth/sms-codes',
        remoteAddress: ip,
        headers: { lang: 'zh-CN' },
        payload: { ...phone, purpose: 'register' },
      });
    const refused = await viaApp();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: codeOf('rateLimited'), data: null });
    expect(refused.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect(
      (await app.inject({ url: `/app/dev/sms-outbox?phone=${encodeURIComponent(phone.e164)}` })).json().data,
    ).toEqual([]);
    // Another address is not affected, and a day later this one may send again.
    expect((await sendCode(app, freshKhPhone(), 'register')).json().code).toBe(0);
    clock.advance(24 * 60 * 60_000);
    expect((await viaApp()).json().code).toBe(0);
    expect(await outboxCode(app, phone.e164)).toMatch(/^[0-9]{6}$/);
  });

  it('answers a login code for an unknown phone as for any phone (sending nothing), and refuses a bad number', async () => {
    expect((await sendCode(app, freshKhPhone(), 'login')).json().code).toBe(0);
    expect((await sendCode(app, { areaCode: '86', phone: '1380013800' }, 'login')).json().code).toBe(
      codeOf('phoneInvalid'),
    );
  });
});

describe('login', () => {
  it('logs in by password and by SMS code', async () => {
    const { phone, user } = await registerUser(app);
    const byPassword = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: { areaCode: '855', phone: `0${phone.e164.slice(4)}`, password: PASSWORD },
    });
    expect(byPassword.json()).toMatchObject({ code: 0, data: { user: { id: user.id } } });
    afterResendWait();
    await sendCode(app, phone, 'login');
    const bySms = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      payload: { areaCode: '855', phone: phone.phone, code: await outboxCode(app, phone.e164) },
    });
    expect(bySms.json()).toMatchObject({ code: 0, data: { user: { id: user.id } } });
  });

  it('refuses a wrong password and an unknown phone with one message', async () => {
    const { phone } = await registerUser(app);
    const wrong = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      headers: { lang: 'th-TH' },
      payload: { areaCode: '855', phone: phone.phone, password: 'not my password' },
    });
    expect(wrong.json()).toMatchObject({ code: codeOf('loginFailed'), msg: 'หมายเลขโทรศัพท์หรือรหัสผ่านไม่ถูกต้อง' });
    const unknown = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: { ...freshKhPhone(), password: PASSWORD },
    });
    expect(unknown.json().code).toBe(codeOf('loginFailed'));
  });
});

describe('sessions', () => {
  const me = (token: string, headers: Record<string, string> = {}) =>
    call(app, { method: 'GET', url: '/app/user/selectUserById', token, headers });

  it('renews the token: the new one works, the old one is revoked', async () => {
    const { token } = await registerUser(app);
    const renewed = await call(app, { method: 'POST', url: '/app/Login/reNewToken', token });
    const data = renewed.json().data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.uniRes.newToken).toEqual({ token: data.token, tokenExpired: data.tokenExpired });
    expect((await me(data.token)).json().code).toBe(0);
    expect((await me(token)).json().code).toBe(401);
  });

  it('logs out on the server', async () => {
    const { token } = await registerUser(app);
    expect((await call(app, { method: 'POST', url: '/app/auth/logout', token })).json().code).toBe(0);
    expect((await me(token, { lang: 'vi-VN' })).json()).toMatchObject({
      code: 401,
      msg: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
    });
  });

  it('refuses a forged token and an expired one with 401', async () => {
    const { token } = await registerUser(app);
    expect((await me('A'.repeat(43))).json().code).toBe(401);
    expect((await me('not a token')).json().code).toBe(401);
    expect((await me(token)).json().code).toBe(0);
    clock.advance(31 * 24 * 60 * 60_000);
    expect((await me(token)).json().code).toBe(401);
  });
});

describe('passwords and phones', () => {
  it('resets a forgotten password with a code and ends every session', async () => {
    const { phone, token } = await registerUser(app);
    afterResendWait();
    await sendCode(app, phone, 'resetPassword');
    const code = await outboxCode(app, phone.e164);
    const reset = await call(app, {
      method: 'POST',
      url: '/app/auth/password/reset',
      payload: { areaCode: '855', phone: phone.phone, code, password: 'brand new pass' },
    });
    expect(reset.json().code).toBe(0);
    expect((await call(app, { method: 'GET', url: '/app/user/selectUserById', token })).json().code).toBe(
      401,
    );
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: { areaCode: '855', phone: phone.phone, password: 'brand new pass' },
    });
    expect(login.json().code).toBe(0);
  });

  it('changes the password only with the current one, keeping this session', async () => {
    const { token } = await registerUser(app);
    const change = (oldPassword: string, newPassword: string) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/password/change',
        token,
        payload: { oldPassword, newPassword },
      });
    expect((await change('wrong one!', 'another pass')).json().code).toBe(codeOf('passwordIncorrect'));
    expect((await change(PASSWORD, 'short')).json().code).toBe(codeOf('passwordTooWeak'));
    expect((await change(PASSWORD, 'another pass')).json().code).toBe(0);
    expect((await call(app, { method: 'GET', url: '/app/user/selectUserById', token })).json().code).toBe(0);
  });

  it('changes the phone with a code sent to the new number', async () => {
    const { token } = await registerUser(app);
    const next = freshKhPhone();
    expect((await sendCode(app, next, 'changePhone', token)).json().code).toBe(0);
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/phone/change',
      token,
      payload: {
        areaCode: '855',
        phone: next.phone,
        code: await outboxCode(app, next.e164),
        currentPassword: PASSWORD,
      },
    });
    expect(response.json()).toMatchObject({ code: 0, data: { mobile: next.e164 } });
  });

  it('refuses a phone-change code for a guest and binding when a phone is already bound', async () => {
    expect((await sendCode(app, freshKhPhone(), 'changePhone')).json().code).toBe(401);
    const { token } = await registerUser(app);
    const next = freshKhPhone();
    await sendCode(app, next, 'bindPhone', token);
    const bind = await call(app, {
      method: 'POST',
      url: '/app/auth/phone/bind',
      token,
      payload: { areaCode: '855', phone: next.phone, code: await outboxCode(app, next.e164) },
    });
    expect(bind.json().code).toBe(codeOf('phoneAlreadyBound'));
  });

  it('binds a phone to an account that has none', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ userName: 'nophone', nickname: 'No phone' })
      .returning();
    if (!user) throw new Error('no user');
    const { newSessionToken, tokenHash } = await import('./session-tokens');
    const token = newSessionToken();
    const now = clock.now();
    await database.db.insert(sessions).values({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      authenticatedAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const next = freshKhPhone();
    await sendCode(app, next, 'bindPhone', token);
    const bind = await call(app, {
      method: 'POST',
      url: '/app/auth/phone/bind',
      token,
      payload: { areaCode: '855', phone: next.phone, code: await outboxCode(app, next.e164) },
    });
    expect(bind.json()).toMatchObject({ code: 0, data: { mobile: next.e164, hasPassword: false } });
  });
});
