import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * Sign-in paths and the ways a session ends (spec sections 4 and 7): login by SMS code, forgot
 * password, the agreement refusal, a ban seen on a page other than Me, a dead token (401), a quiet
 * logout, and a guest on a logged-in-only page.
 */
const journey = setUpJourney();

const PASSWORD = 'lotus flower 9';
const NEW_PASSWORD = 'mekong river 7';

function freshPhone() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { typed: `012 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+85512${digits}` };
}

interface OutboxItem {
  code: string;
  purpose: string;
}

/** The newest code the development SMS gateway "sent" to `e164` for `purpose`. */
async function smsCode(e164: string, purpose: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(
      `${journey.server.baseUrl}/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    );
    const body = (await response.json()) as { data: OutboxItem[] };
    const found = body.data.find((item) => item.purpose === purpose);
    if (found) return found.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${purpose} SMS to ${e164}`);
}

async function post<T>(path: string, body: unknown, token = '') {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

interface Session {
  token: string;
  user: { id: number; nickname: string };
}

/** A new account made through the API, as the app would. */
async function registerThroughApi() {
  const phone = freshPhone();
  await post('/app/auth/sms-codes', { areaCode: '855', phone: phone.typed, purpose: 'register' });
  const session = await post<Session>('/app/auth/register', {
    areaCode: '855',
    phone: phone.typed,
    code: await smsCode(phone.e164, 'register'),
    password: PASSWORD,
    agreeTerms: true,
  });
  expect(session.code).toBe(0);
  return { phone, session: session.data };
}

/** A browser already signed in with `session` (stored as the app stores it). */
async function signedIn(session: Session, language = 'en'): Promise<BrowserContext> {
  const context = await phoneContext(journey.launched.browser, language);
  await context.addInitScript(
    ({ token, user }) => {
      if (localStorage.getItem('sabai.e2e.seeded')) return;
      localStorage.setItem('sabai.e2e.seeded', '1');
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
  return context;
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function tickAgreement(page: Page) {
  await page.locator('.agreement-check .adm-checkbox').click();
}

describe('signing in', () => {
  it('logs in by SMS code read from the dev outbox, then lands home signed in', async () => {
    const { phone, session } = await registerThroughApi();
    const context = await phoneContext(journey.launched.browser, 'en');
    const page = await context.newPage();
    const errors = collectErrors(page);

    await page.goto(`${journey.server.baseUrl}/public/loginmsg`);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(phone.e164, 'login'));
    await tickAgreement(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Logged in successfully').waitFor();
    // No redirect and no history: home, after the 3-second toast.
    await page.waitForURL(`${journey.server.baseUrl}/`, { timeout: 10_000 });
    expect(await stored(page, 'sabai.token')).toBeTruthy();
    await page.goto(`${journey.server.baseUrl}/my`);
    await page.getByRole('link', { name: session.user.nickname }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password by SMS code, then logs in with the new one', async () => {
    const { phone } = await registerThroughApi();
    const context = await phoneContext(journey.launched.browser, 'en');
    const page = await context.newPage();

    await page.goto(`${journey.server.baseUrl}/public/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/public/forgetPwd');
    // Navigations are transitions: the login form stays until the reset page's chunk arrives.
    await page.getByRole('button', { name: 'Set new password' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(`0${phone.e164.slice(4)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await smsCode(phone.e164, 'resetPassword'));
    await page.locator('input[aria-label="New password"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed. Please log in with the new password.').waitFor();
    await page.waitForURL('**/public/loginphone');

    // The old password no longer works; the new one does.
    expect(
      (await post('/app/auth/login/password', { areaCode: '855', phone: phone.typed, password: PASSWORD }))
        .code,
    ).not.toBe(0);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.typed);
    await page.locator('input[aria-label="Password"]').fill(NEW_PASSWORD);
    await tickAgreement(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Logged in successfully').waitFor();
    expect(await stored(page, 'sabai.token')).toBeTruthy();
    await context.close();
  });

  it('refuses to sign up until the agreement is ticked, and creates nothing', async () => {
    const phone = freshPhone();
    const context = await phoneContext(journey.launched.browser, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/public/register`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.typed);
    await page.getByRole('textbox', { name: 'Verification code' }).fill('123456');
    await page.locator('input[aria-label="New password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please read and agree to the User Agreement and the Privacy Policy.').waitFor();
    expect(page.url()).toContain('/public/register');
    expect(await stored(page, 'sabai.token')).toBeNull();
    // Nothing was created: the number may still sign up (a login would not say, decision 012).
    const signUpCode = await post('/app/auth/sms-codes', {
      areaCode: '855',
      phone: phone.typed,
      purpose: 'register',
    });
    expect(signUpCode.code).toBe(0);
    await context.close();
  });
});

describe('sessions that end', () => {
  it('a banned user sees the appeal modal on the profile page, and ends on login with storage cleared', async () => {
    const { session } = await registerThroughApi();
    const context = await signedIn(session);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${journey.server.baseUrl}/my/setting/accountManagement`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // Customer service (the demo staff login) bans the account through the staff route: every session ends.
    const staff = await post<Session>('/app/auth/login/password', {
      areaCode: '855',
      phone: '012345679',
      password: 'sabai-support',
    });
    expect(staff.code).toBe(0);
    const ban = await post(`/app/admin/users/${session.user.id}/ban`, { banned: true }, staff.data.token);
    expect(ban.code).toBe(0);
    // The next page that asks the server about the user (here the profile, opened afresh) hears "banned".
    await page.goto(`${journey.server.baseUrl}/my/userinfo`);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('This account has been banned. Please contact customer service to appeal.')
      .waitFor();
    await lookAt(page, { path: `${SCREENSHOTS}identity-banned-modal-en.png` });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${journey.server.baseUrl}/public/login`);
    expect(await stored(page, 'sabai.token')).toBeNull();
    expect(await stored(page, 'sabai.userInfo')).toBeNull();
    await page.getByRole('heading', { name: 'Welcome to Sabai' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a dead session (401) shows the message, logs out and goes to login with the way back', async () => {
    const { session } = await registerThroughApi();
    // The session ends elsewhere (logged out on another device).
    expect((await post('/app/auth/logout', {}, session.token)).code).toBe(0);
    const context = await signedIn(session, 'km');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/userinfo`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await lookAt(page, { path: `${SCREENSHOTS}identity-session-ended-km.png` });
    await dialog.locator('.adm-dialog-button').click();
    await page.waitForURL('**/public/login?redirect=%2Fmy%2Fuserinfo');
    expect(await stored(page, 'sabai.token')).toBeNull();
    await context.close();
  });

  it('logging out with a session the server already ended is quiet and local', async () => {
    const { session } = await registerThroughApi();
    const context = await signedIn(session);
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/setting/accountManagement`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await settle(page);
    expect((await post('/app/auth/logout', {}, session.token)).code).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/my');
    await page.getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    // No session-expired modal on the way out.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await stored(page, 'sabai.token')).toBeNull();
    await context.close();
  });

  for (const language of ['en', 'km']) {
    it(`a guest on account cancellation is asked to log in, with no session modal (${language})`, async () => {
      const context = await phoneContext(journey.launched.browser, language);
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.goto(`${journey.server.baseUrl}/my/setting/zhuxiao`);
      await page.locator('.empty-state .adm-button').waitFor();
      await settle(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(requests).not.toContain('/app/users/me/cancellation');
      await lookAt(page, { path: `${SCREENSHOTS}identity-zhuxiao-guest-${language}.png` });
      await context.close();
    });
  }
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}
