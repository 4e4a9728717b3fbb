import { ERROR_CODES } from '@sabai/shared/error-codes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  freshKhPhone,
  grantRoles,
  outboxCode,
  PASSWORD,
  randomIp,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { verifyPassword } from './passwords';

// The real argon2 verification, watched: an unknown phone must cost the same hash as a known one.
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verifications = vi.mocked(verifyPassword);

const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;
type Phone = { areaCode: string; phone: string; e164: string };

const loginByPassword = (phone: Phone, password: string) =>
  call(app, {
    method: 'POST',
    url: '/app/auth/login/password',
    headers: { lang: 'zh-CN' },
    payload: { areaCode: phone.areaCode, phone: phone.phone, password },
  });

const outbox = async (e164: string) =>
  (await app.inject({ url: `/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}` })).json().data;

/** An account row straight in the database (no password, or cancelled): states the API makes slowly. */
async function insertAccount(phone: Phone, values: Partial<typeof users.$inferInsert>) {
  const now = clock.now();
  await database.db.insert(users).values({
    userName: `u${phone.e164.slice(-6)}${Math.random().toString(36).slice(2, 6)}`,
    nickname: 'Someone',
    phoneE164: phone.e164,
    createdAt: now,
    updatedAt: now,
    ...values,
  });
}

async function bannedAccount() {
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  const target = await registerUser(app);
  const ban = await call(app, {
    method: 'POST',
    url: `/app/admin/users/${target.user.id}/ban`,
    token: staff.token,
    payload: { banned: true },
  });
  expect(ban.json().code).toBe(0);
  return target;
}

beforeEach(() => {
  verifications.mockClear();
});

describe('password login tells nothing about the phone', () => {
  it('answers one message, and verifies one hash, whether the phone is unknown, cancelled, passwordless, banned or the password wrong', async () => {
    const known = await registerUser(app);
    const cancelled = freshKhPhone();
    await insertAccount(cancelled, { isLogout: 3, cancelledAt: clock.now(), passwordHash: null });
    const passwordless = freshKhPhone();
    await insertAccount(passwordless, { passwordHash: null });
    const banned = await bannedAccount();

    const cases: [string, Phone, string][] = [
      ['unknown phone', freshKhPhone(), PASSWORD],
      ['cancelled account', cancelled, PASSWORD],
      ['account without a password', passwordless, PASSWORD],
      ['wrong password', known.phone, 'not my password'],
      ['banned, wrong password', banned.phone, 'not my password'],
      ['banned, right password', banned.phone, PASSWORD],
    ];
    const answers: Record<string, unknown> = {};
    const hashesComputed: Record<string, number> = {};
    for (const [name, phone, password] of cases) {
      verifications.mockClear();
      const response = await loginByPassword(phone, password);
      answers[name] = { status: response.statusCode, body: response.json() };
      hashesComputed[name] = verifications.mock.calls.length;
    }
    const expected = {
      status: 200,
      body: { code: codeOf('loginFailed'), msg: '手机号或密码错误。', data: null },
    };
    expect(answers).toEqual(Object.fromEntries(cases.map(([name]) => [name, expected])));
    expect(hashesComputed).toEqual(Object.fromEntries(cases.map(([name]) => [name, 1])));
  });

  it('still logs the owner of a live account in with the right password', async () => {
    const { phone, user } = await registerUser(app);
    expect((await loginByPassword(phone, PASSWORD)).json()).toMatchObject({
      code: 0,
      data: { user: { id: user.id } },
    });
  });
});

describe('login and reset codes tell nothing about the phone', () => {
  it('answers an unknown or cancelled phone as a known one, sending nothing, with the same resend wait', async () => {
    const known = await registerUser(app);
    const cancelled = freshKhPhone();
    await insertAccount(cancelled, { isLogout: 3, cancelledAt: clock.now() });
    clock.advance(61_000);
    for (const purpose of ['login', 'resetPassword'] as const) {
      const phones = { known: known.phone, unknown: freshKhPhone(), cancelled };
      const first: Record<string, unknown> = {};
      const second: Record<string, unknown> = {};
      for (const [name, phone] of Object.entries(phones))
        first[name] = (await sendCode(app, phone, purpose)).json();
      for (const [name, phone] of Object.entries(phones))
        second[name] = (await sendCode(app, phone, purpose)).json();
      expect(first.unknown).toEqual(first.known);
      expect(first.cancelled).toEqual(first.known);
      expect(first.known).toMatchObject({ code: 0 });
      expect(second.unknown).toEqual(second.known);
      expect(second.cancelled).toEqual(second.known);
      expect(second.known).toMatchObject({ code: codeOf('smsTooFrequent') });
      expect(await outbox(phones.unknown.e164)).toEqual([]);
      expect(await outbox(cancelled.e164)).toEqual([]);
      expect((await outbox(known.phone.e164)).length).toBeGreaterThan(0);
      clock.advance(61_000);
    }
  });

  it('refuses a guessed login or reset code for an unknown phone as a wrong code', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'login');
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      payload: { areaCode: phone.areaCode, phone: phone.phone, code: '123456' },
    });
    expect(login.json().code).toBe(codeOf('smsCodeInvalid'));
    const reset = await call(app, {
      method: 'POST',
      url: '/app/auth/password/reset',
      payload: { areaCode: phone.areaCode, phone: phone.phone, code: '123456', password: 'brand new pass' },
    });
    expect(reset.json().code).toBe(codeOf('smsCodeInvalid'));
  });

  it('tells a banned account so only after a right SMS code, which proves the phone is theirs', async () => {
    const banned = await bannedAccount();
    clock.advance(61_000);
    expect((await sendCode(app, banned.phone, 'login')).json().code).toBe(0);
    const wrong = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      payload: { areaCode: '855', phone: banned.phone.phone, code: '000000' },
    });
    const code = await outboxCode(app, banned.phone.e164);
    if (code !== '000000') expect(wrong.json().code).toBe(codeOf('smsCodeInvalid'));
    const right = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      payload: { areaCode: '855', phone: banned.phone.phone, code },
    });
    expect(right.json().code).toBe(codeOf('accountBanned'));
  });
});

describe('registration keeps the spec message, behind a per-address limit', () => {
  it('says a phone is taken, and limits sign-up tries per client address (HTTP 429)', async () => {
    const { phone } = await registerUser(app);
    clock.advance(61_000);
    expect((await sendCode(app, phone, 'register')).json().code).toBe(codeOf('phoneAlreadyRegistered'));
    // An address of its own: with REDIS_URL the route's counts outlive the run.
    const address = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/app/auth/register',
        remoteAddress: address,
        payload: { ...freshKhPhone(), code: '123456', password: PASSWORD, agreeTerms: true },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
