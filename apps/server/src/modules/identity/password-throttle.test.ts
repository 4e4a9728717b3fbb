import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { freshKhPhone, outboxCode, PASSWORD, registerUser, sendCode } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { testConfig } from '../../config/env';
import { passwordAttempts } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createIdentityModule } from './index';

const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;
const WINDOW_MS = 15 * 60_000;
const PER_CLIENT_LIMIT = 10;
const PER_ACCOUNT_LIMIT = 25;
type Phone = { areaCode: string; phone: string };

// A block of addresses of its own per run: the route's per-address limiter may keep counts in a
// shared Redis between runs.
const ADDRESS_BLOCK = Math.floor(Math.random() * 60_000);
let addressCounter = 0;
/** A client address no other test uses, so the route's per-address limiter stays out of the way. */
const newAddress = () => {
  addressCounter += 1;
  const n = ADDRESS_BLOCK * 256 + addressCounter;
  return `100.${64 + (Math.floor(n / 65_536) % 64)}.${Math.floor(n / 256) % 256}.${n % 256}`;
};

const login = (phone: Phone, password: string, client: { ip: string; deviceId?: string }) =>
  app.inject({
    method: 'POST',
    url: '/app/auth/login/password',
    remoteAddress: client.ip,
    headers: client.deviceId ? { deviceId: client.deviceId } : {},
    payload: { areaCode: phone.areaCode, phone: phone.phone, password },
  });

const codes = (responses: { json: () => { code: number } }[]) => responses.map((r) => r.json().code);
const verdicts = (responses: { json: () => { code: number } }[]) =>
  codes(responses).filter((code) => code === codeOf('loginFailed')).length;

describe('password attempts are counted before the password is verified', () => {
  it('gives 60 parallel wrong passwords from one device at most the limit of verdicts', async () => {
    const { phone } = await registerUser(app);
    const deviceId = `parallel-device-${Date.now()}`;
    expect((await login(phone, PASSWORD, { ip: newAddress(), deviceId })).json().code).toBe(0);
    // Each from its own address, so only the count per device can hold them.
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(phone, `wrong guess ${i}`, { ip: newAddress(), deviceId })),
    );
    expect(verdicts(responses)).toBeLessThanOrEqual(PER_CLIENT_LIMIT);
    expect(codes(responses)).toContain(codeOf('passwordAttemptsExceeded'));
  });

  it('gives parallel wrong passwords from one address at most the limit of verdicts', async () => {
    const { phone } = await registerUser(app);
    const client = { ip: newAddress() };
    // 25, under the route's own limit per address (30 in 10 minutes), so only the count can hold them.
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(phone, `wrong guess ${i}`, client)),
    );
    expect(verdicts(responses)).toBeLessThanOrEqual(PER_CLIENT_LIMIT);
    expect(codes(responses)).toContain(codeOf('passwordAttemptsExceeded'));
  });

  it('gives 60 parallel wrong passwords from 60 addresses at most the account-wide limit of verdicts', async () => {
    const { phone } = await registerUser(app);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(phone, `wrong guess ${i}`, { ip: newAddress() })),
    );
    expect(verdicts(responses)).toBeLessThanOrEqual(PER_ACCOUNT_LIMIT);
  });

  it('cools a client down for the rest of the window, then lets it try again', async () => {
    const { phone } = await registerUser(app);
    const client = { ip: newAddress() };
    for (let i = 0; i < PER_CLIENT_LIMIT; i += 1)
      expect((await login(phone, `wrong ${i}`, client)).json().code).toBe(codeOf('loginFailed'));
    expect((await login(phone, PASSWORD, client)).json()).toMatchObject({
      code: codeOf('passwordAttemptsExceeded'),
      msg: 'Too many wrong passwords. Try again in 15 minutes, or log in with an SMS code.',
    });
    clock.advance(WINDOW_MS + 1000);
    expect((await login(phone, PASSWORD, client)).json().code).toBe(0);
    // A success clears that client's count: nine more failures do not cool it down.
    for (let i = 0; i < PER_CLIENT_LIMIT - 1; i += 1) await login(phone, `wrong again ${i}`, client);
    expect((await login(phone, PASSWORD, client)).json().code).toBe(0);
  });

  it('throttles an unknown phone exactly as a registered one (no enumeration through the limit)', async () => {
    const { phone } = await registerUser(app);
    const answers = [];
    for (const target of [phone, freshKhPhone()]) {
      const client = { ip: newAddress() };
      for (let i = 0; i < PER_CLIENT_LIMIT; i += 1) await login(target, `wrong ${i}`, client);
      answers.push((await login(target, 'wrong once more', client)).json());
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].code).toBe(codeOf('passwordAttemptsExceeded'));
  });
});

describe('an attacker does not lock the owner out', () => {
  it('lets the owner in from their own client while an attacker elsewhere is cooled down', async () => {
    const { phone } = await registerUser(app);
    const attacker = { ip: newAddress() };
    for (let i = 0; i < PER_CLIENT_LIMIT + 5; i += 1) await login(phone, `guess ${i}`, attacker);
    expect((await login(phone, PASSWORD, attacker)).json().code).toBe(codeOf('passwordAttemptsExceeded'));
    expect((await login(phone, PASSWORD, { ip: newAddress() })).json().code).toBe(0);
  });

  it('lets the owner in from a device they logged in on, and by SMS code, after a guess from many addresses', async () => {
    const { phone } = await registerUser(app);
    const ownDevice = { ip: newAddress(), deviceId: `owner-device-${Date.now()}` };
    expect((await login(phone, PASSWORD, ownDevice)).json().code).toBe(0);

    for (let i = 0; i < PER_ACCOUNT_LIMIT + 5; i += 1) await login(phone, `guess ${i}`, { ip: newAddress() });
    // Any client the account has never seen now waits; a guessed device id is such a client.
    const stranger = { ip: newAddress(), deviceId: 'guessed-device-id' };
    expect((await login(phone, PASSWORD, stranger)).json().code).toBe(codeOf('passwordAttemptsExceeded'));
    // The owner's device, even from a new address, and an SMS code still get in.
    expect((await login(phone, PASSWORD, { ...ownDevice, ip: newAddress() })).json().code).toBe(0);
    clock.advance(61_000);
    await sendCode(app, phone, 'login');
    const bySms = await app.inject({
      method: 'POST',
      url: '/app/auth/login/sms',
      remoteAddress: newAddress(),
      payload: { ...phone, code: await outboxCode(app, phone.e164) },
    });
    expect(bySms.json().code).toBe(0);
  });
});

describe('change-password counts wrong old passwords', () => {
  it('refuses the old-password check after the limit, even the right one, and changes nothing', async () => {
    const { token, phone } = await registerUser(app);
    const change = (oldPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/app/auth/password/change',
        remoteAddress: newAddress(),
        headers: { token },
        payload: { oldPassword, newPassword: 'another pass 9' },
      });
    for (let i = 0; i < PER_CLIENT_LIMIT; i += 1)
      expect((await change(`wrong ${i}`)).json().code).toBe(codeOf('passwordIncorrect'));
    expect((await change(PASSWORD)).json().code).toBe(codeOf('passwordAttemptsExceeded'));
    expect((await login(phone, PASSWORD, { ip: newAddress() })).json().code).toBe(0);
  });

  it('counts 60 parallel wrong old passwords before verifying them', async () => {
    const { token } = await registerUser(app);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/app/auth/password/change',
          remoteAddress: newAddress(),
          headers: { token },
          payload: { oldPassword: `wrong ${i}`, newPassword: 'another pass 9' },
        }),
      ),
    );
    expect(
      codes(responses).filter((code) => code === codeOf('passwordIncorrect')).length,
    ).toBeLessThanOrEqual(PER_CLIENT_LIMIT);
  });
});

describe('the sweep of ended windows', () => {
  it('drops counts whose window has ended, and keeps the ones still counting', async () => {
    const { phone } = await registerUser(app);
    await login(phone, 'wrong', { ip: newAddress() });
    clock.advance(WINDOW_MS + 1000);
    await login(phone, 'wrong again', { ip: newAddress() });
    const identity = createIdentityModule({ db: database.db, clock, config: testConfig(), log: app.log });
    expect(await identity.forgetEndedPasswordAttempts(clock.now())).toBeGreaterThan(0);
    const left = await database.db.select().from(passwordAttempts);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((row) => row.windowStartedAt.getTime() > clock.now().getTime() - WINDOW_MS)).toBe(true);
  });
});
