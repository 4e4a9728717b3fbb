import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  freshKhPhone,
  grantRoles,
  outboxCode,
  PASSWORD,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { sessions, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { newSessionToken, tokenHash } from './session-tokens';

const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const me = (token: string) => call(app, { method: 'GET', url: '/app/user/selectUserById', token });
const renew = async (token: string) => {
  const response = await call(app, { method: 'POST', url: '/app/Login/reNewToken', token });
  expect(response.json().code).toBe(0);
  return response.json().data as { token: string; tokenExpired: number };
};
const lastUsedAt = async (token: string) => {
  const [row] = await database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  return row?.lastUsedAt.getTime();
};

async function staffSession() {
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  const login = await call(app, {
    method: 'POST',
    url: '/app/auth/login/password',
    payload: { ...staff.phone, password: PASSWORD },
  });
  return login.json().data as { token: string; tokenExpired: number };
}

describe('idle timeout', () => {
  it('ends a customer session unused for 30 days, and keeps one used within them', async () => {
    const used = await registerUser(app);
    const idle = await registerUser(app);
    expect(used.tokenExpired).toBe(clock.now().getTime() + 30 * DAY);
    clock.advance(29 * DAY);
    expect((await me(used.token)).json().code).toBe(0);
    clock.advance(2 * DAY);
    expect((await me(used.token)).json().code).toBe(0);
    expect((await me(idle.token)).json().code).toBe(401);
  });

  it('ends a staff session unused for 12 hours', async () => {
    const used = await staffSession();
    const idle = await staffSession();
    expect(used.tokenExpired).toBe(clock.now().getTime() + 12 * HOUR);
    clock.advance(11 * HOUR);
    expect((await me(used.token)).json().code).toBe(0);
    clock.advance(2 * HOUR);
    expect((await me(used.token)).json().code).toBe(0);
    expect((await me(idle.token)).json().code).toBe(401);
  });

  it('applies the staff limits to a session opened before its holder became staff', async () => {
    const { token, user } = await registerUser(app);
    await grantRoles(app, database, user.id, ['admin']);
    clock.advance(12 * HOUR + MINUTE);
    expect((await me(token)).json().code).toBe(401);
  });

  it('records the last use at most once a minute per session', async () => {
    const { token } = await registerUser(app);
    const start = clock.now().getTime();
    expect(await lastUsedAt(token)).toBe(start);
    clock.advance(30_000);
    await me(token);
    expect(await lastUsedAt(token)).toBe(start);
    clock.advance(31_000);
    await me(token);
    await me(token);
    expect(await lastUsedAt(token)).toBe(start + 61_000);
  });

  it('trusts the database over a cached last use another process moved on', async () => {
    const { token } = await registerUser(app);
    expect((await me(token)).json().code).toBe(0);
    clock.advance(29 * DAY);
    // Another server process recorded a use this one has not seen (its cache still has the old one).
    await database.db
      .update(sessions)
      .set({ lastUsedAt: clock.now() })
      .where(eq(sessions.tokenHash, tokenHash(token)));
    clock.advance(2 * DAY);
    expect((await me(token)).json().code).toBe(0);
  });
});

describe('absolute lifetime', () => {
  it('ends a customer session 90 days after login, however often it was used and renewed', async () => {
    let { token } = await registerUser(app);
    for (let day = 0; day < 85; day += 17) {
      clock.advance(17 * DAY);
      expect((await me(token)).json().code).toBe(0);
      token = (await renew(token)).token;
    }
    clock.advance(4 * DAY);
    expect((await me(token)).json().code).toBe(0);
    clock.advance(1 * DAY + MINUTE);
    expect((await me(token)).json().code).toBe(401);
  });

  it('ends a staff session 7 days after login; renewal tells the client so', async () => {
    let session = await staffSession();
    const loginAt = clock.now().getTime();
    for (let hour = 0; hour < 7 * 24 - 11; hour += 11) {
      clock.advance(11 * HOUR);
      session = await renew(session.token);
    }
    expect(session.tokenExpired).toBe(loginAt + 7 * DAY);
    clock.advance(loginAt + 7 * DAY - clock.now().getTime());
    expect((await me(session.token)).json().code).toBe(401);
  });
});

describe('re-authentication', () => {
  const cancel = (token: string, payload: object) =>
    call(app, { method: 'POST', url: '/app/users/me/cancellation', token, payload });

  it('asks for the password or a code to the phone before cancelling the account', async () => {
    const { token, user } = await registerUser(app);
    expect((await cancel(token, { confirm: true })).json().code).toBe(codeOf('reauthenticationRequired'));
    expect((await cancel(token, { confirm: true, currentPassword: 'not mine' })).json().code).toBe(
      codeOf('passwordIncorrect'),
    );
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isLogout).toBe(1);
    expect((await cancel(token, { confirm: true, currentPassword: PASSWORD })).json()).toMatchObject({
      code: 0,
      data: { isLogout: 2 },
    });
  });

  it('takes a login code sent to the current phone instead of the password', async () => {
    const { token, phone } = await registerUser(app);
    clock.advance(61_000);
    expect((await sendCode(app, phone, 'login', token)).json().code).toBe(0);
    const code = await outboxCode(app, phone.e164);
    expect(
      (await cancel(token, { confirm: true, currentCode: code === '000000' ? '111111' : '000000' })).json()
        .code,
    ).toBe(codeOf('smsCodeInvalid'));
    expect((await cancel(token, { confirm: true, currentCode: code })).json().code).toBe(0);
  });

  it('counts wrong passwords typed to re-authenticate', async () => {
    const { token } = await registerUser(app);
    for (let i = 0; i < 10; i += 1) await cancel(token, { confirm: true, currentPassword: `wrong ${i}` });
    expect((await cancel(token, { confirm: true, currentPassword: PASSWORD })).json().code).toBe(
      codeOf('passwordAttemptsExceeded'),
    );
  });

  it('asks for the password or a code to the current phone before moving the account to a new phone', async () => {
    const { token } = await registerUser(app);
    const next = freshKhPhone();
    await sendCode(app, next, 'changePhone', token);
    const code = await outboxCode(app, next.e164);
    const change = (proof: object) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/phone/change',
        token,
        payload: { areaCode: '855', phone: next.phone, code, ...proof },
      });
    expect((await change({})).json().code).toBe(codeOf('reauthenticationRequired'));
    expect((await change({ currentPassword: 'not mine' })).json().code).toBe(codeOf('passwordIncorrect'));
    expect((await change({ currentPassword: PASSWORD })).json()).toMatchObject({
      code: 0,
      data: { mobile: next.e164 },
    });
  });

  it('asks an account without a password for a code to its phone before setting one', async () => {
    const phone = freshKhPhone();
    const now = clock.now();
    const [user] = await database.db
      .insert(users)
      .values({ userName: `np${phone.e164.slice(-6)}`, nickname: 'No password', phoneE164: phone.e164 })
      .returning();
    if (!user) throw new Error('no user');
    const token = newSessionToken();
    await database.db.insert(sessions).values({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      authenticatedAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + DAY),
    });
    const setPassword = (extra: object) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/password/change',
        token,
        payload: { newPassword: 'a first password', ...extra },
      });
    expect((await setPassword({})).json().code).toBe(codeOf('reauthenticationRequired'));
    await sendCode(app, phone, 'login', token);
    expect((await setPassword({ currentCode: await outboxCode(app, phone.e164) })).json().code).toBe(0);
  });
});
