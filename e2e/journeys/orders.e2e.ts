import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyApi, PHNOM_PENH, type Session, tomorrowIn } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * The customer's order pages against the real server: an order booked over the API appears in the
 * list, its detail cancels through the confirmation that shows the exact deduction, and a step the
 * therapist makes over the API reaches an open detail page without a reload.
 */
// Outside 'test' the server runs its background work: the outbox dispatcher that publishes each
// step on `order:<id>`, which the open page hears.
const journey = setUpJourney({ env: { NODE_ENV: 'development' } });
/** Screenshots to look at (not part of the repository); ORDER_SHOTS overrides. */
const SHOTS = process.env.ORDER_SHOTS ?? '/work/shots/orders-web';
const { call, ok, newCustomer, bookHomeVisit } = journeyApi(journey);

/** A home visit booked over the API by a new customer; optionally paid through the dev payment stand-in. */
async function bookedOrder({ isPaid }: { isPaid: boolean }) {
  const customer = await newCustomer();
  const { order, provider } = await bookHomeVisit(customer, isPaid ? { paidBy: 'devConfirm' } : {});
  return { customer, order, provider };
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await untilStill(page);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

const step = (id: number, transition: string, token: string) =>
  ok(`/app/orders/${id}/transitions`, { token, body: { transition } });

describe('orders', () => {
  it('lists an order booked over the API, opens it and cancels it through the confirmation', async () => {
    const { customer, order, provider } = await bookedOrder({ isPaid: true });
    await step(order.id, 'accept', provider.session.token);
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${journey.server.baseUrl}/order`);
    const card = page.getByRole('link', { name: `Open order ${order.orderNumber}` });
    await card.waitFor();
    expect(await card.textContent()).toContain(provider.name);
    expect(await card.textContent()).toContain('Order received');
    await shot(page, 'list-en');

    await card.click();
    await page.waitForURL(`**/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    await page
      .getByRole('region', { name: 'Order history' })
      .getByText('Accepted by the therapist')
      .waitFor();
    await shot(page, 'detail-en');

    await page
      .getByRole('region', { name: 'Order actions' })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    const preview = dialog.getByTestId('cancel-preview');
    await preview.waitFor();
    // After acceptance the city's travel fee and management fee are kept (Phnom Penh's demo
    // charges both): the dialog shows exactly the server's figures, a real deduction.
    const expected = await ok<{
      stage: string;
      keptTotal: number;
      refund: number;
      kept: { reason: string }[];
    }>(`/app/orders/${order.id}/cancellation`, { token: customer.token });
    expect(expected).toMatchObject({ stage: 'afterAcceptance' });
    expect(expected.keptTotal).toBeGreaterThan(0);
    const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
    expect(await preview.getByText('Refunded to you').locator('..').textContent()).toContain(
      money(expected.refund),
    );
    expect(await preview.getByText('Kept', { exact: true }).locator('..').textContent()).toContain(
      money(expected.keptTotal),
    );
    await shot(page, 'cancel-confirmation-en');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    // Paid by the development confirmation, so nothing was paid through a rail: the refund step
    // follows at once (decision 042) and the open page hears it.
    await page.getByRole('heading', { name: 'Refunded' }).waitFor({ timeout: 10_000 });
    const after = await ok<{ status: string; settlement: { refund: number } }>(`/app/orders/${order.id}`, {
      token: customer.token,
    });
    expect(after).toMatchObject({ status: 'refunded', settlement: { refund: expected.refund } });
    // The list shows the new status too (a refunded order is under "cancelled").
    await page.goto(`${journey.server.baseUrl}/order?tab=cancelled`);
    const refunded = page.getByRole('link', { name: `Open order ${order.orderNumber}` });
    await refunded.getByText('Refunded').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the therapist's steps on an open detail page without a reload", async () => {
    const { customer, order, provider } = await bookedOrder({ isPaid: true });
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('heading', { name: 'Waiting to be accepted' }).waitFor();
    // A mark on this document: a reload would wipe it.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await settle(page);

    await step(order.id, 'accept', provider.session.token);
    await page.getByRole('heading', { name: 'Order received' }).waitFor({ timeout: 10_000 });
    await step(order.id, 'depart', provider.session.token);
    await page.getByRole('heading', { name: 'Therapist on the way' }).waitFor({ timeout: 10_000 });
    await page.getByRole('region', { name: 'Order history' }).getByText('Therapist set off').waitFor();
    await page.getByTestId('order-map').waitFor();
    // The therapist shares a position on the way: the map and the ETA follow, from the event alone.
    await ok(`/app/orders/${order.id}/position`, {
      token: provider.session.token,
      body: { lat: PHNOM_PENH.lat + 0.012, lng: PHNOM_PENH.lng + 0.01 },
    });
    await page
      .getByTestId('order-eta')
      .getByText(/Arrives in about \d+ min|Arriving now/)
      .waitFor({ timeout: 10_000 });
    expect(await page.locator('.order-pin--provider').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await shot(page, 'detail-departed-en');

    await page.goto(`${journey.server.baseUrl}/my/order/receipt?ordersId=${order.id}`);
    await page.getByTestId('receipt-number').waitFor();
    expect(await page.getByTestId('receipt-number').textContent()).toBe(order.orderNumber);
    await shot(page, 'receipt-en');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.locator('.page-header').isVisible()).toBe(false);
    await shot(page, 'receipt-print-en');
    await page.emulateMedia({ media: 'screen' });
    await context.close();

    // The same pages in Khmer, for looking at.
    const khmer = await signedIn(customer, 'km');
    const kmPage = await khmer.newPage();
    await kmPage.goto(`${journey.server.baseUrl}/order`);
    await kmPage.getByRole('link', { name: new RegExp(order.orderNumber) }).waitFor();
    await shot(kmPage, 'list-km');
    await kmPage.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await kmPage.getByTestId('order-map').waitFor();
    await shot(kmPage, 'detail-departed-km');
    await kmPage.goto(`${journey.server.baseUrl}/my/order/receipt?ordersId=${order.id}`);
    await kmPage.getByTestId('receipt-number').waitFor();
    await shot(kmPage, 'receipt-km');
    // The receipt is this order's.
    expect(await kmPage.getByTestId('receipt-number').innerText()).toBe(order.orderNumber);
    await khmer.close();
  });

  it('shows an in-store order its verification code and QR', async () => {
    const customer = await newCustomer();
    const stores = await ok<{ items: { id: number }[] }>(
      `/app/stores?lat=${PHNOM_PENH.lat}&lng=${PHNOM_PENH.lng}&pageSize=20`,
    );
    // Tomorrow 14:00 in Phnom Penh (UTC+7), inside the demo stores' opening hours.
    const startsAt = `${tomorrowIn()}T07:00:00.000Z`;
    let order: { id: number; verificationCode: string } | undefined;
    for (const store of stores.items) {
      const detail = await ok<{ projects: { id: number }[] }>(`/app/stores/${store.id}`);
      const projectId = detail.projects[0]?.id;
      if (!projectId) continue;
      const answer = await call<{ id: number; verificationCode: string }>('/app/orders/in-store', {
        token: customer.token,
        body: { storeId: store.id, projectId, clocks: 1, startsAt, remark: '', agreeTerms: true },
      });
      if (answer.code === 0) {
        order = answer.data;
        break;
      }
    }
    if (!order) throw new Error('no demo store took an in-store order');
    await ok(`/app/dev/payments/${order.id}/confirm`, { method: 'POST', body: {} });
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('heading', { name: 'To be used' }).waitFor();
    expect(await page.getByTestId('verification-code').textContent()).toBe(order.verificationCode);
    await page.getByRole('img', { name: `QR code of verification code ${order.verificationCode}` }).waitFor();
    await shot(page, 'detail-instore-en');
    await context.close();
  });
});
