import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * The help centre and agreements (decision 054) in real Chromium, in Vietnamese: search the help
 * centre, open an article, reach customer service's chat; customer service publishes a new user
 * agreement and the customer must accept it in the blocking prompt before going on. Screenshots
 * of the help centre, an article, the prompt and my/setting/xieyi at 390×844 in vi and en.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
const SHOTS = process.env.HELP_SHOTS_DIR ?? '/tmp/shots-s3-help';
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;
const DEMO_SUPPORT = DEMO_ACCOUNTS.support;
const LANGUAGES = ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'];

type Envelope<T> = { code: number; msg: string; data: T };
interface Session {
  token: string;
  user: Record<string, unknown>;
}
async function call<T>(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function login(credentials: typeof DEMO_CUSTOMER): Promise<Session> {
  const session = await call<Session>('POST', '/app/auth/login/password', undefined, credentials);
  expect(session.code).toBe(0);
  return session.data;
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await lookAt(page, { path: `${SHOTS}/${name}.png` });
}

const TITLES = {
  user: { en: 'User Agreement', vi: 'Thỏa thuận người dùng' },
  privacy: { en: 'Privacy Policy', vi: 'Chính sách quyền riêng tư' },
};

/** The prompt once its opening animation has finished (react-spring writes inline opacity). */
async function promptShown(page: Page) {
  await page.getByRole('dialog').waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('.adm-dialog, .adm-dialog *, .adm-mask')].every(
      (element) => !element.style.opacity || element.style.opacity === '1',
    ),
  );
}

/** A new version of one agreement, every language, as customer service would publish it. */
const publish = (token: string, kind: 'user' | 'privacy', version: number) =>
  call<{ version: number }>('POST', `/app/staff/agreements/${kind}/versions`, token, {
    version,
    texts: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        {
          title: TITLES[kind][language === 'vi' ? 'vi' : 'en'],
          sections: [{ heading: '1. Sabai', body: [`Version ${version}: spa visits are now covered.`] }],
        },
      ]),
    ),
  });

describe('help centre and agreements', () => {
  it('searches help, opens an article and the support chat, then accepts a newly published agreement (vi), with en screenshots', async () => {
    const [customer, support] = await Promise.all([login(DEMO_CUSTOMER), login(DEMO_SUPPORT)]);
    const context = await signedIn(customer, 'vi');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The help centre, by category; then a search in Vietnamese (words in any order).
    await page.goto(`${journey.server.baseUrl}/my/help/feedbackIndex`);
    await page.getByRole('heading', { name: 'Trung tâm trợ giúp' }).waitFor();
    await page.getByRole('heading', { name: 'Hủy đơn và hoàn tiền' }).waitFor();
    await shot(page, 'help-centre-vi');
    await page.locator('.help-search input').fill('hoàn tiền');
    await page.getByText('Kết quả cho “hoàn tiền”').waitFor();
    // Articles without the words leave the list.
    await page.getByRole('link', { name: /Tôi không nhận được mã SMS/ }).waitFor({ state: 'detached' });
    await shot(page, 'help-search-vi');
    await page.getByRole('link', { name: /Khi nào tôi nhận được tiền hoàn\?/ }).click();
    await page.waitForURL('**/my/help/helpDetail?id=*');
    await page.getByRole('heading', { name: 'Khi nào tôi nhận được tiền hoàn?', level: 2 }).waitFor();
    await shot(page, 'help-detail-vi');

    // "Contact customer service" opens the chat with an agent.
    await page.getByRole('button', { name: /Liên hệ chăm sóc khách hàng/ }).click();
    await page.waitForURL(`**/chat/index?to_uid=${support.user.id}`);

    // Customer service publishes a new user agreement: the app blocks until it is accepted.
    expect((await publish(support.token, 'user', 2)).code).toBe(0);
    await page.goto(`${journey.server.baseUrl}/my/setting/xieyi`);
    const prompt = page.getByRole('dialog');
    await prompt.getByText('Chúng tôi đã cập nhật điều khoản').waitFor();
    await prompt.getByText('Phiên bản 2').waitFor();
    await promptShown(page);
    await shot(page, 'agreement-prompt-vi');
    await prompt.getByRole('button', { name: 'Tôi đã đọc và đồng ý' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.getByText(/Đã đồng ý phiên bản 2/).waitFor();
    await shot(page, 'xieyi-vi');
    const mine = await call<{ kind: string; mustAccept: boolean; acceptedVersion: number | null }[]>(
      'GET',
      '/app/agreements/mine',
      customer.token,
    );
    expect(mine.data.find((row) => row.kind === 'user')).toMatchObject({
      mustAccept: false,
      acceptedVersion: 2,
    });
    expect(errors).toEqual([]);
    await context.close();

    // The same pages in English (screenshots), and the prompt for a new privacy policy.
    const english = await signedIn(customer, 'en');
    const en = await english.newPage();
    await en.goto(`${journey.server.baseUrl}/my/help/feedbackIndex`);
    await en.getByRole('heading', { name: 'Cancelling and refunds' }).waitFor();
    await shot(en, 'help-centre-en');
    await en.getByRole('link', { name: /Staying safe during a home visit/ }).click();
    await en.getByRole('heading', { name: 'Staying safe during a home visit', level: 2 }).waitFor();
    await shot(en, 'help-detail-en');
    expect((await publish(support.token, 'privacy', 2)).code).toBe(0);
    await en.goto(`${journey.server.baseUrl}/my/setting/xieyi`);
    await en.getByRole('dialog').getByText('We have updated our terms').waitFor();
    await promptShown(en);
    await shot(en, 'agreement-prompt-en');
    await en.getByRole('dialog').getByRole('button', { name: 'I have read and agree' }).click();
    await en.getByRole('dialog').waitFor({ state: 'hidden' });
    await en
      .getByText(/Accepted version 2/)
      .first()
      .waitFor();
    await shot(en, 'xieyi-en');
    await en.goto(`${journey.server.baseUrl}/public/agreement_order`);
    await en.getByRole('heading', { name: 'Order Agreement' }).first().waitFor();
    await shot(en, 'agreement-order-en');
    // The order agreement as published: its version and date, then its sections.
    expect(await en.locator('.legal__updated').innerText()).toMatch(/^Version \d+ · /);
    expect(await en.locator('.legal section').count()).toBeGreaterThan(0);
    await english.close();
  });
});
