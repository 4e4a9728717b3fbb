import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

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
/** The demo therapist login (apps/server/src/demo/identity-demo.ts). */
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
const PHNOM_PENH = { lat: 11.5564, lng: 104.9282 };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { token: init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Envelope<T>;
}

async function ok<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const answer = await call<T>(path, init);
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function smsCode(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const codes = await ok<{ code: string }[]>(`/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`);
    if (codes[0]?.code) return codes[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS to ${e164}`);
}

interface Session {
  token: string;
  user: { id: number };
}

async function newCustomer(): Promise<Session & { phone: string }> {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const phone = `012 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  await ok('/app/auth/sms-codes', { body: { areaCode: '855', phone, purpose: 'register' } });
  const session = await ok<Session>('/app/auth/register', {
    body: {
      areaCode: '855',
      phone,
      code: await smsCode(`+85512${digits}`),
      password: 'Sabai-2026-pass',
      agreeTerms: true,
    },
  });
  return { ...session, phone };
}

/** Tomorrow's date in Phnom Penh, as the free-starts route takes it. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date(Date.now() + 86_400_000));

let therapist: { session: Session; therapistId: number; projectId: number; name: string } | undefined;

/** The demo therapist (found by their own work settings) opens a whole week. */
async function demoTherapist() {
  if (therapist) return therapist;
  const session = await ok<Session>('/app/auth/login/password', { body: DEMO_THERAPIST });
  await ok('/app/therapists/me/schedule', {
    method: 'PUT',
    token: session.token,
    body: {
      weeklyShifts: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      daysOff: [],
    },
  });
  const { therapistId } = await ok<{ therapistId: number }>('/app/therapists/me/work-settings', {
    token: session.token,
  });
  const detail = await ok<{ name: string; projects: { id: number }[] }>(`/app/therapists/${therapistId}`);
  const projectId = detail.projects[0]?.id;
  if (!projectId) throw new Error('the demo therapist offers no project');
  therapist = { session, therapistId, projectId, name: detail.name };
  return therapist;
}

/** A home visit booked over the API by a new customer; optionally paid through the dev payment stand-in. */
async function bookedOrder({ isPaid }: { isPaid: boolean }) {
  const provider = await demoTherapist();
  const customer = await newCustomer();
  const address = await ok<{ id: number }>('/app/addresses', {
    token: customer.token,
    body: {
      contactName: 'Dara',
      genderTitle: 'ms',
      areaCode: '855',
      phone: customer.phone,
      placeType: 'house',
      detail: 'Street 278, BKK1',
      houseNumber: '12B',
      arrivalNotes: 'Blue gate',
      lat: PHNOM_PENH.lat,
      lng: PHNOM_PENH.lng,
    },
  });
  const starts = await ok<{ startsAt: string }[]>(
    `/app/availability/free-starts?therapistId=${provider.therapistId}&projectId=${provider.projectId}&date=${tomorrow()}&addressId=${address.id}`,
    { token: customer.token },
  );
  // A random free start: the journeys' orders share the one demo therapist.
  const start = starts[Math.floor(Math.random() * starts.length)];
  if (!start) throw new Error('no free start');
  const order = await ok<{ id: number; orderNumber: string }>('/app/orders/home-visit', {
    token: customer.token,
    body: {
      therapistId: provider.therapistId,
      projectId: provider.projectId,
      clocks: 1,
      startsAt: start.startsAt,
      addressId: address.id,
      travelMode: 'tukTuk',
      remark: '',
      agreeTerms: true,
    },
  });
  if (isPaid) await ok(`/app/dev/payments/${order.id}/confirm`, { method: 'POST', body: {} });
  return { customer, order, provider };
}

async function signedIn(session: Session, language: string): Promise<BrowserContext> {
  const context = await phoneContext(journey.launched.browser, language);
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
  return context;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
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
    // After acceptance the city's travel fee and management fee are kept (the demo city charges
    // neither): the dialog shows exactly the server's figures.
    const expected = await ok<{
      stage: string;
      keptTotal: number;
      refund: number;
      kept: { reason: string }[];
    }>(`/app/orders/${order.id}/cancellation`, { token: customer.token });
    expect(expected).toMatchObject({ stage: 'afterAcceptance' });
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
    await khmer.close();
  });

  it('shows an in-store order its verification code and QR', async () => {
    const customer = await newCustomer();
    const stores = await ok<{ items: { id: number }[] }>(
      `/app/stores?lat=${PHNOM_PENH.lat}&lng=${PHNOM_PENH.lng}&pageSize=20`,
    );
    // Tomorrow 14:00 in Phnom Penh (UTC+7), inside the demo stores' opening hours.
    const startsAt = `${tomorrow()}T07:00:00.000Z`;
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
