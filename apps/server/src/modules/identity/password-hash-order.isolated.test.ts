import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  freshKhPhone,
  outboxCode,
  PASSWORD,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { smsCodes, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { hashPassword } from './passwords';

// The real argon2 hash, watched: a refused code must never reach it (19 MiB and tens of ms each).
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});
const hashes = vi.mocked(hashPassword);

const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

const register = (phone: { phone: string }, code: string) =>
  call(app, {
    method: 'POST',
    url: '/app/auth/register',
    payload: { areaCode: '855', phone: phone.phone, code, password: PASSWORD, agreeTerms: true },
  });

beforeEach(() => {
  hashes.mockClear();
});

describe('registration checks the SMS code before hashing the password', () => {
  it('hashes nothing for a wrong code, yet counts the wrong try and creates nothing', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    expect((await register(phone, otherThan(code))).json().code).toBe(codeOf('smsCodeInvalid'));
    expect(hashes).not.toHaveBeenCalled();
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phoneE164, phone.e164));
    expect(row?.attempts).toBe(1);
    expect(await database.db.select().from(users).where(eq(users.phoneE164, phone.e164))).toEqual([]);
  });

  it('hashes nothing for an expired code, a code never sent or a burnt one', async () => {
    const expired = freshKhPhone();
    await sendCode(app, expired, 'register');
    const expiredCode = await outboxCode(app, expired.e164);
    clock.advance(5 * 60_000 + 1000);
    expect((await register(expired, expiredCode)).json().code).toBe(codeOf('smsCodeExpired'));

    expect((await register(freshKhPhone(), '123456')).json().code).toBe(codeOf('smsCodeInvalid'));

    const burnt = freshKhPhone();
    await sendCode(app, burnt, 'register');
    const burntCode = await outboxCode(app, burnt.e164);
    for (let i = 0; i < 5; i += 1) await register(burnt, otherThan(burntCode));
    expect((await register(burnt, burntCode)).json().code).toBe(codeOf('smsCodeTooManyAttempts'));
    expect(hashes).not.toHaveBeenCalled();
  });

  it('hashes once for the right code and creates the account', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const response = await register(phone, await outboxCode(app, phone.e164));
    expect(response.json().code).toBe(0);
    expect(hashes).toHaveBeenCalledTimes(1);
    const [row] = await database.db.select().from(users).where(eq(users.phoneE164, phone.e164));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('hashes nothing for a used code (the second sign-up with it)', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    expect((await register(phone, code)).json().code).toBe(0);
    hashes.mockClear();
    expect((await register(phone, code)).json().code).toBe(codeOf('smsCodeUsed'));
    expect(hashes).not.toHaveBeenCalled();
  });
});

describe('password reset checks the SMS code before hashing', () => {
  it('hashes nothing for a wrong code and once for the right one', async () => {
    const { phone } = await registerUser(app);
    clock.advance(61_000);
    await sendCode(app, phone, 'resetPassword');
    const code = await outboxCode(app, phone.e164);
    hashes.mockClear();
    const reset = (value: string) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/password/reset',
        payload: { areaCode: '855', phone: phone.phone, code: value, password: 'brand new pass' },
      });
    expect((await reset(otherThan(code))).json().code).toBe(codeOf('smsCodeInvalid'));
    expect(hashes).not.toHaveBeenCalled();
    expect((await reset(code)).json().code).toBe(0);
    expect(hashes).toHaveBeenCalledTimes(1);
  });
});
