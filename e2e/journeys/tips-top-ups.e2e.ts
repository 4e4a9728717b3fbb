import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * Wallet top-ups and tips against the real server (decision 045): a customer tops up the wallet
 * through KHQR (the sandbox "pays" it with a signed webhook) and the page sees the wallet
 * credited; after a completed visit they tip from that wallet through the tip sheet, and the
 * therapist's workbench order shows the tip.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development' } });
/** Screenshots to look at (not part of the repository); EXTRAS_SHOTS overrides. */
const SHOTS = process.env.EXTRAS_SHOTS ?? '/work/shots/extras';
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
const PHNOM_PENH = { lat: 11.5564, lng: 104.9282 };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Session {
  token: string;
  user: { id: number };
}

async function call<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { token: init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Envelope<T>;
}
async function ok<T>(path: string, init: Parameters<typeof call>[1] = {}) {
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

const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date(Date.now() + 86_400_000));

async function demoTherapist() {
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
  const detail = await ok<{ projects: { id: number }[] }>(`/app/therapists/${therapistId}`);
  const projectId = detail.projects[0]?.id;
  if (!projectId) throw new Error('the demo therapist offers no project');
  return { session, therapistId, projectId };
}

/** A home visit booked and paid (the dev stand-in, or the customer's wallet) over the API. */
async function paidOrder(customer: Session & { phone: string }, paidBy: 'devConfirm' | 'wallet') {
  const provider = await demoTherapist();
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
  // A random free start with the next three hours free too: extra time must not run into another
  // order of the one demo therapist the journeys share.
  const free = new Set(starts.map((entry) => Date.parse(entry.startsAt)));
  const roomy = starts.filter((entry) =>
    [1, 2, 3].every((hours) => free.has(Date.parse(entry.startsAt) + hours * 3_600_000)),
  );
  const start = roomy[Math.floor(Math.random() * roomy.length)];
  if (!start) throw new Error('no free start with room after it');
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
  if (paidBy === 'devConfirm')
    await ok(`/app/dev/payments/${order.id}/confirm`, { method: 'POST', body: {} });
  else
    await ok(`/app/orders/${order.id}/payments`, {
      token: customer.token,
      body: { method: 'wallet' },
      headers: { 'idempotency-key': `journey-${order.id}` },
    });
  return { order, provider };
}

/** The therapist's steps over the API, up to and including `last`. */
async function serve(orderId: number, token: string, last: 'start' | 'end') {
  const steps: [string, Record<string, unknown>][] = [
    ['accept', {}],
    ['depart', {}],
    ['arrive', { position: PHNOM_PENH }],
    ['start', {}],
    ['end', { reason: 'The customer asked to stop early' }],
  ];
  for (const [transition, extra] of steps.slice(0, last === 'start' ? 4 : 5))
    await ok(`/app/orders/${orderId}/transitions`, { token, body: { transition, ...extra } });
}

async function completedOrder(customer: Session & { phone: string }) {
  const { order, provider } = await paidOrder(customer, 'devConfirm');
  await serve(order.id, provider.session.token, 'end');
  await ok(`/app/orders/${order.id}/transitions`, { token: customer.token, body: { transition: 'review' } });
  return { order, provider };
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

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const walletOf = async (token: string) =>
  (await ok<{ balances: { currency: string; amount: number }[] }>('/app/wallet', { token })).balances;

describe('tips and top-ups', () => {
  it('tops up the wallet by KHQR, then tips a completed visit from it; the therapist sees the tip', async () => {
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

    const { order, provider } = await completedOrder(customer);
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
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
    await thPage.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await thPage.getByRole('heading', { name: 'ยอดที่ต้องชำระเพิ่ม' }).waitFor();
    await shot(thPage, 'extras-due-th');
    expect(errors).toEqual([]);
    for (const opened of [context, thai]) await opened.close();
  }, 180_000);
});
