import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Customer, journeyApi, type Session } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * Wallet top-ups and tips against the real server (decision 045): a customer tops up the wallet
 * through KHQR (the sandbox "pays" it with a signed webhook) and the page sees the wallet
 * credited; once the visit waits for their review (issue #31: not only after it) they tip from that
 * wallet through the tip sheet, and the therapist's workbench order shows the tip.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development' } });
/** Screenshots to look at (not part of the repository); EXTRAS_SHOTS overrides. */
const SHOTS = process.env.EXTRAS_SHOTS ?? '/work/shots/extras';
const { ok, newCustomer, bookHomeVisit, serve } = journeyApi(journey);

/** A home visit booked and paid, with three free hours after it (extra time must fit). */
const paidOrder = (customer: Customer, paidBy: 'devConfirm' | 'wallet') =>
  bookHomeVisit(customer, { paidBy, roomyHours: 3 });

/** A visit whose service ended, not reviewed: the server moves it on to "waiting for your review". */
async function servedOrder(customer: Customer) {
  const { order, provider } = await paidOrder(customer, 'devConfirm');
  await serve(order.id, provider.session.token, 'end');
  return { order, provider };
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

const walletOf = async (token: string) =>
  (await ok<{ balances: { currency: string; amount: number }[] }>('/app/wallet', { token })).balances;

describe('tips and top-ups', () => {
  it('tops up the wallet by KHQR, then tips a visit waiting for review from it; the therapist sees the tip', async () => {
    const customer = await newCustomer();
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${journey.server.baseUrl}/my/wallet/top-up`);
    await page.getByRole('button', { name: 'Top up $10.00' }).waitFor();
    await page.getByText('$20.00', { exact: true }).click();
    await shot(page, 'top-up-en');
    await page.getByRole('button', { name: 'Top up $20.00' }).click();
    await page.getByAltText('Payment QR code for $20.00').waitFor();
    await shot(page, 'top-up-qr-en');
    // The attempt the page polls (GET /app/payments/attempts/:id), read from its own requests.
    const polled = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => /\/app\/payments\/attempts\/\d+/.test(name)),
    );
    const attemptId = Number(/attempts\/(\d+)/.exec(polled ?? '')?.[1]);
    expect(attemptId).toBeGreaterThan(0);
    // The sandbox "pays" and sends its signed webhook; the page's polling sees the wallet credited.
    expect(
      (
        await ok<{ outcome: string }>(`/app/dev/payments/attempts/${attemptId}/simulate-paid`, {
          method: 'POST',
          body: {},
        })
      ).outcome,
    ).toBe('applied');
    await page.getByText('$20.00 was added to your wallet.').waitFor({ timeout: 15_000 });
    await shot(page, 'top-up-done-en');
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 2_000 }]);

    const { order, provider } = await servedOrder(customer);
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    // Not reviewed yet ("Tell us how it went"), and the tip is already offered (issue #31).
    await page.getByText('Tell us how it went.', { exact: false }).first().waitFor();
    await page.getByText('Review', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Leave a tip' }).click();
    const sheet = page.getByRole('dialog', { name: 'Tip your therapist' });
    await sheet.waitFor();
    await shot(page, 'tip-sheet-en');
    await sheet.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your tip' });
    await confirm.getByText('Tip $2.00, paid with Wallet?').waitFor();
    await shot(page, 'tip-confirm-en');
    await confirm.getByRole('button', { name: 'Tip $2.00' }).click();
    await page.getByText('Thank you! Your tip was sent.').waitFor();
    await shot(page, 'tip-thanks-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Total $2.00').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await shot(page, 'order-tipped-en');
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 1_800 }]);

    // The same pages in Thai.
    const thai = await signedIn(customer, 'th');
    const thPage = await thai.newPage();
    await thPage.goto(`${journey.server.baseUrl}/my/wallet/top-up`);
    await thPage.getByText('เติมเงินเข้ากระเป๋าเงิน').first().waitFor();
    await shot(thPage, 'top-up-th');
    await thPage.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await thPage.getByRole('button', { name: 'ให้ทิปอีกครั้ง' }).click();
    await thPage.getByRole('dialog', { name: 'ให้ทิปนักบำบัดของคุณ' }).waitFor();
    await shot(thPage, 'tip-sheet-th');

    // The therapist's side of the order shows what they received.
    const providerContext = await signedIn(provider.session, 'en');
    const providerPage = await providerContext.newPage();
    await providerPage.goto(`${journey.server.baseUrl}/therapist/workbench/order?id=${order.id}`);
    await providerPage.getByRole('heading', { name: 'Tips received' }).waitFor();
    expect(await providerPage.getByText('Total $2.00').count()).toBe(1);
    await shot(providerPage, 'workbench-tips-en');
    const providerThai = await signedIn(provider.session, 'th');
    const providerThPage = await providerThai.newPage();
    await providerThPage.goto(`${journey.server.baseUrl}/therapist/workbench/order?id=${order.id}`);
    await providerThPage.getByRole('heading', { name: 'ทิปที่ได้รับ' }).waitFor();
    await shot(providerThPage, 'workbench-tips-th');
    // In Thai too the therapist reads the tip's total.
    expect(await providerThPage.getByText(/^รวม .*2\.00/).count()).toBe(1);
    expect(errors).toEqual([]);
    for (const opened of [context, thai, providerContext, providerThai]) await opened.close();
  }, 180_000);

  it('extra time in service is paid into the same order by KHQR from the order page', async () => {
    const customer = await newCustomer();
    // Money for the visit itself: a top-up the sandbox confirms.
    const started = await ok<{ attempt: { id: number } }>('/app/wallet/top-ups', {
      token: customer.token,
      body: { amount: 5_000, currency: 'USD', method: 'khqr' },
      headers: { 'idempotency-key': `journey-top-up-${customer.user.id}` },
    });
    await ok(`/app/dev/payments/attempts/${started.attempt.id}/simulate-paid`, { method: 'POST', body: {} });
    const { order, provider } = await paidOrder(customer, 'wallet');
    await serve(order.id, provider.session.token, 'start');
    await ok(`/app/orders/${order.id}/extra-clocks`, { token: customer.token, body: { count: 1 } });
    const { due } = await ok<{ due: number }>(`/app/orders/${order.id}/extras`, { token: customer.token });
    expect(due).toBeGreaterThan(0);
    const amount = `$${(due / 100).toFixed(2)}`;

    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('heading', { name: 'Still to pay' }).waitFor();
    await shot(page, 'extras-due-en');
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Pay the difference' });
    await sheet.getByText('KHQR').click();
    await sheet.getByRole('button', { name: `Pay ${amount}` }).click();
    await sheet.getByAltText(`Payment QR code for ${amount}`).waitFor();
    await shot(page, 'extras-qr-en');
    const polled = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => /\/app\/payments\/attempts\/\d+/.test(name)),
    );
    const attemptId = Number(/attempts\/(\d+)/.exec(polled ?? '')?.[1]);
    expect(
      (
        await ok<{ outcome: string }>(`/app/dev/payments/attempts/${attemptId}/simulate-paid`, {
          method: 'POST',
          body: {},
        })
      ).outcome,
    ).toBe('applied');
    // The page hears the payment and nothing is due any more.
    await page.getByRole('heading', { name: 'Still to pay' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(
      await ok<{ due: number; paid: number }>(`/app/orders/${order.id}/extras`, { token: customer.token }),
    ).toMatchObject({
      due: 0,
      paid: due,
    });

    const thai = await signedIn(customer, 'th');
    const thPage = await thai.newPage();
    // A second extra unit, to see the section in Thai.
    await ok(`/app/orders/${order.id}/extra-clocks`, { token: customer.token, body: { count: 1 } });
    const second = await ok<{ due: number }>(`/app/orders/${order.id}/extras`, { token: customer.token });
    await thPage.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await thPage.getByRole('heading', { name: 'ยอดที่ต้องชำระเพิ่ม' }).waitFor();
    await shot(thPage, 'extras-due-th');
    // What is due for the second unit is offered to pay, in Thai.
    const payLabel = new RegExp(`^ชำระ .*${(second.due / 100).toFixed(2)}`);
    expect(await thPage.getByRole('button', { name: payLabel }).count()).toBe(1);
    expect(errors).toEqual([]);
    for (const opened of [context, thai]) await opened.close();
  }, 180_000);
});
