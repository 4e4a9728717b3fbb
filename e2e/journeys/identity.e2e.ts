import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';

const journey = setUpJourney();

const PASSWORD = 'lotus flower 9';

function freshPhone() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { typed: `012 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+85512${digits}` };
}

/** The code the development SMS gateway "sent" (the outbox: SMS_DEV_OUTBOX outside production, loopback only). */
async function smsCode(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(
      `${journey.server.baseUrl}/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    );
    const body = (await response.json()) as { data: { code: string }[] };
    if (body.data[0]?.code) return body.data[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS to ${e164}`);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('identity journey', () => {
  it('registers with an SMS code, logs out, logs in by password and sees the user on Me', async () => {
    const context = await phoneContext(journey.launched.browser, 'en');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const phone = freshPhone();

    // A guest on Me is asked to log in; from login, on to sign-up.
    await page.goto(`${journey.server.baseUrl}/my`);
    await page.getByRole('link', { name: 'Log in / Sign up' }).click();
    await page.waitForURL('**/public/login?redirect=%2Fmy');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/public/register?redirect=%2Fmy');
    // Navigations are transitions: the login form stays on screen until the sign-up chunk arrives.
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(phone.e164));
    await page.locator('input[aria-label="New password"]').fill(PASSWORD);
    await page.locator('.agreement-check .adm-checkbox').click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Your account is ready').waitFor();

    // After the 3-second toast the redirect target (Me) shows the new user.
    await page.waitForURL('**/my', { timeout: 10_000 });
    const nickname = `Sabai ${phone.e164.slice(-4)}`;
    await page.getByRole('link', { name: nickname }).waitFor();
    await page.getByText(`+855 ${phone.e164.slice(4)}`).waitFor();

    // Log out from account management: the server session ends, Me asks to log in again.
    await page.goto(`${journey.server.baseUrl}/my/setting/accountManagement`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/my');
    await page.getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sabai.token'))).toBeNull();

    // Log in by password.
    await page.getByRole('link', { name: 'Log in / Sign up' }).click();
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(`0${phone.e164.slice(4)}`);
    await page.locator('input[aria-label="Password"]').fill(PASSWORD);
    await page.locator('.agreement-check .adm-checkbox').click();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Logged in successfully').waitFor();
    await page.waitForURL('**/my', { timeout: 10_000 });
    await page.getByRole('link', { name: nickname }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an unknown phone as a wrong password, with the server message in Khmer, and stays on login', async () => {
    const context = await phoneContext(journey.launched.browser, 'km');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/public/loginphone`);
    await page.locator('.phone-field input').fill('012 999 888');
    await page.locator('input[type="password"]').fill('not the password');
    await page.locator('.agreement-check .adm-checkbox').click();
    await page.locator('.auth-form__submit').click();
    // The same message as a wrong password: a login does not tell whether a phone is registered.
    await page.getByText('លេខទូរស័ព្ទ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ។').waitFor();
    expect(page.url()).toContain('/public/loginphone');
    await context.close();
  });
});

const GUEST_PAGES = [
  ['login', '/public/login'],
  ['login-password', '/public/loginphone'],
  ['register', '/public/register'],
  ['forget-pwd', '/public/forgetPwd'],
  ['agreement-user', '/public/agreement_user'],
  ['agreement-privacy', '/public/agreement_privacy'],
] as const;

const ACCOUNT_PAGES = [
  ['my-logged-in', '/my'],
  ['userinfo', '/my/userinfo'],
  ['account-management', '/my/setting/accountManagement'],
  ['change-phone', '/my/setting/changePhone'],
  ['pwd', '/public/pwd'],
  ['bind', '/public/bind'],
  ['zhuxiao', '/my/setting/zhuxiao'],
] as const;

/** Signs a new user up through the API, as the app would, and stores the session in the browser. */
async function signedInContext(language: string) {
  const phone = freshPhone();
  const post = (path: string, body: unknown) =>
    fetch(`${journey.server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      (response) => response.json() as Promise<{ code: number; data: { token: string; user: unknown } }>,
    );
  await post('/app/auth/sms-codes', { areaCode: '855', phone: phone.typed, purpose: 'register' });
  const session = await post('/app/auth/register', {
    areaCode: '855',
    phone: phone.typed,
    code: await smsCode(phone.e164),
    password: PASSWORD,
    agreeTerms: true,
  });
  expect(session.code).toBe(0);
  const context = await phoneContext(journey.launched.browser, language);
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.data.token, user: session.data.user },
  );
  return context;
}

describe('identity screenshots at 390×844', () => {
  for (const language of ['en', 'km']) {
    it(`every identity page in ${language}`, async () => {
      const guest = await phoneContext(journey.launched.browser, language);
      const page = await guest.newPage();
      for (const [name, path] of GUEST_PAGES) {
        await page.goto(`${journey.server.baseUrl}${path}`);
        await page.locator('.page').first().waitFor();
        await settle(page);
        await expect.poll(() => page.title()).toMatch(/ · Sabai$/);
        await lookAt(page, { path: `${SCREENSHOTS}identity-${name}-${language}.png` });
      }
      await page.goto(`${journey.server.baseUrl}/public/register`);
      await page.locator('.phone-field__country').click();
      await page.locator('.country-picker__list').waitFor();
      await settle(page);
      await lookAt(page, { path: `${SCREENSHOTS}identity-country-picker-${language}.png` });
      await guest.close();

      const signedIn = await signedInContext(language);
      const userPage = await signedIn.newPage();
      for (const [name, path] of ACCOUNT_PAGES) {
        await userPage.goto(`${journey.server.baseUrl}${path}`);
        await userPage.locator('.page').first().waitFor();
        await settle(userPage);
        await lookAt(userPage, { path: `${SCREENSHOTS}identity-${name}-${language}.png` });
      }
      // Request cancellation, then the ?setup=3 status screen.
      await userPage.goto(`${journey.server.baseUrl}/my/setting/zhuxiao`);
      await userPage.locator('.cancel-intro__check').click();
      // Cancelling asks for the password again (decision 013).
      await userPage.locator('.reauth-field input').fill(PASSWORD);
      await userPage.locator('.cancel-intro .adm-button').click();
      await userPage
        .getByRole('dialog')
        .getByRole('button', { name: language === 'km' ? 'លុបគណនី' : 'Cancel account' })
        .click();
      await userPage.waitForURL('**/my/setting/zhuxiao?setup=3');
      await userPage.locator('.cancel-status').waitFor();
      await userPage.getByRole('dialog').waitFor({ state: 'detached' });
      await settle(userPage);
      await lookAt(userPage, { path: `${SCREENSHOTS}identity-zhuxiao-setup3-${language}.png` });
      // Withdrawing during the three days keeps the account.
      await userPage.locator('.cancel-status .adm-button-primary').click();
      await userPage.waitForURL('**/my');
      await userPage.locator('a.profile-header__login').waitFor();
      // The account is kept and still signed in: Me shows its nickname, not the login prompt.
      expect(await userPage.locator('a.profile-header__login').innerText()).toMatch(/^Sabai \d{4}$/);
      await signedIn.close();
    });
  }
});
