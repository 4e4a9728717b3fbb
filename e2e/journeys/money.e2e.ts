import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { amountOfPayload, DEMO_ACCOUNTS, type Envelope, journeyApi, type Session } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * Issue #14's money journey, the part this branch carries (decision 051): the demo customer buys
 * the VIP annual card by KHQR in the sandbox — the VIP page offers the wallet and the city's rails,
 * the QR carries the card's price, the sandbox pays, the page confirms and the membership shows —
 * in Thai, and the same page in English with its methods. (The Thai
 * journey, e2e/journeys/thai-money.e2e.ts, pays in Bangkok by PromptPay.)
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development' } });
/** Screenshots to look at (not part of the repository); MONEY_SHOTS overrides. */
const SHOTS = process.env.MONEY_SHOTS ?? '/work/shots/journey';
const { ok } = journeyApi(journey);
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;

const signedIn = (session: Session, language: string, cityId: number) =>
  signedInContext(journey.launched.browser, session, language, { cityId });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await untilStill(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function phnomPenh() {
  const cities = await ok<{ open: { id: number; name: string }[] }>('/app/cities');
  const city = cities.open.find((row) => row.name === 'Phnom Penh');
  if (!city) throw new Error('the demo has no Phnom Penh');
  return city.id;
}

describe('money', () => {
  it('buys the VIP card by KHQR in the sandbox, in Thai', async () => {
    const customer = await ok<Session>('/app/auth/login/password', { body: DEMO_CUSTOMER });
    const cityId = await phnomPenh();
    const offer = await ok<{ price: number; currency: string; isMember: boolean }>(
      `/app/vip?cityId=${cityId}`,
      {
        token: customer.token,
      },
    );
    expect(offer).toMatchObject({ currency: 'USD', isMember: false });
    const context = await signedIn(customer, 'th', cityId);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${journey.server.baseUrl}/my/vip`);
    await page.getByText('ชำระด้วย', { exact: true }).waitFor();
    // Dollars in Phnom Penh: the wallet, KHQR and a card, never PromptPay or VietQR.
    const methods = await page.locator('.vip-page__footer .adm-selector-item').allTextContents();
    expect(methods).toEqual(['กระเป๋าเงิน', 'KHQR', 'บัตร']);
    await page.getByText('KHQR', { exact: true }).click();
    await shot(page, 'vip-th');
    await page.getByRole('button', { name: 'ซื้อด้วย KHQR' }).click();
    const started = page.waitForResponse((response) => response.url().endsWith('/app/vip/payments'));
    await page.getByRole('dialog').getByRole('button', { name: 'ชำระเงิน', exact: true }).click();
    const { data } = (await (await started).json()) as Envelope<{ attempt: { id: number } }>;
    await page.locator('img.extras-qr__image').waitFor();

    const requests = await ok<{
      id: number;
      method: string;
      amount: number;
      payload: string;
      purpose: string;
    }>(`/app/payments/attempts/${data.attempt.id}`, { token: customer.token });
    expect(requests).toMatchObject({ purpose: 'vip', method: 'khqr', amount: offer.price });
    expect(amountOfPayload(requests.payload)).toBe(offer.price);
    await shot(page, 'vip-qr-th');

    await ok(`/app/dev/payments/attempts/${requests.id}/simulate-paid`, { method: 'POST', body: {} });
    await page.getByRole('status').getByText('ชำระแล้ว', { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'vip-paid-th');
    await page.getByRole('button', { name: 'เสร็จสิ้น' }).click();
    await page.getByText(/เป็น VIP ถึง/).waitFor();
    const after = await ok<{ isMember: boolean }>(`/app/vip?cityId=${cityId}`, { token: customer.token });
    expect(after.isMember).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the VIP page with its methods in English', async () => {
    const customer = await ok<Session>('/app/auth/login/password', { body: DEMO_CUSTOMER });
    const context = await signedIn(customer, 'en', await phnomPenh());
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/vip`);
    await page.getByText('Pay with', { exact: true }).waitFor();
    await page.getByText('KHQR', { exact: true }).click();
    await page.getByRole('button', { name: /^(Buy|Renew) with KHQR$/ }).waitFor();
    await shot(page, 'vip-en');
    // KHQR is the chosen way to pay, and the card's yearly price is shown.
    expect(await page.getByRole('button', { name: /^(Buy|Renew) with KHQR$/ }).isEnabled()).toBe(true);
    expect(await page.locator('.vip-page__price').innerText()).toMatch(/\$[\d,.]+ a year$/);
    await context.close();
  });
});
