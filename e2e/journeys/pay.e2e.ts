import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { amountOfPayload, DEMO_ACCOUNTS, journeyApi, type Session } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * Paying an order in the browser against the real server (decisions 039, 041): the demo customer
 * (Phnom Penh, dollars) pays a new order by KHQR in the sandbox — the QR page's code carries the
 * order's payable, the sandbox is paid, the page confirms and lands on the success page — and pays
 * the demo's pending order from the wallet the demo loader credited.
 */
const journey = setUpJourney();
/** Screenshots to look at (not part of the repository); PAY_SHOTS overrides. */
const SHOTS = process.env.PAY_SHOTS ?? '/work/shots/paypages';
/** The demo logins (README "Demo data and logins"). */
const { ok, login } = journeyApi(journey);
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;
const DEMO_THERAPIST = DEMO_ACCOUNTS.therapist;

const dayInPhnomPenh = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );

/** A new home visit for the demo customer with the demo therapist, waiting for payment. */
async function newUnpaidOrder(customer: Session) {
  const therapist = await login(DEMO_THERAPIST);
  const { therapistId } = await ok<{ therapistId: number }>('/app/therapists/me/work-settings', {
    token: therapist.token,
  });
  const detail = await ok<{ projects: { id: number }[] }>(`/app/therapists/${therapistId}`);
  const projectId = detail.projects[0]?.id;
  const addresses = await ok<{ id: number }[]>('/app/addresses', { token: customer.token });
  const addressId = addresses[0]?.id;
  if (!projectId || !addressId) throw new Error('the demo has no project or no customer address');
  for (let day = 2; day < 7; day += 1) {
    const starts = await ok<{ startsAt: string }[]>(
      `/app/availability/free-starts?therapistId=${therapistId}&projectId=${projectId}&date=${dayInPhnomPenh(day)}&addressId=${addressId}`,
      { token: customer.token },
    );
    const start = starts[Math.floor(starts.length / 2)];
    if (!start) continue;
    return ok<{ id: number; orderNumber: string; payable: number }>('/app/orders/home-visit', {
      token: customer.token,
      body: {
        therapistId,
        projectId,
        clocks: 1,
        startsAt: start.startsAt,
        addressId,
        travelMode: 'tukTuk',
        remark: '',
        agreeTerms: true,
      },
    });
  }
  throw new Error('no free start in the coming days');
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await untilStill(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

const TEXT = {
  th: {
    pay: 'ชำระเงิน',
    khqr: /^KHQR/,
    wallet: /^กระเป๋าเงิน/,
    paid: 'ฉันชำระเงินแล้ว',
    confirming: 'กำลังยืนยันผลการชำระเงิน (ประมาณ 20 วินาที)',
    success: 'ชำระเงินสำเร็จ',
  },
  en: {
    pay: 'Pay',
    khqr: /^KHQR/,
    wallet: /^Wallet/,
    paid: 'I have paid',
    confirming: 'The payment result is being confirmed (about 20 seconds)',
    success: 'Payment successful',
  },
} as const;

/** From the pay page: KHQR, the code (its amount read back), "I have paid", the sandbox pays, success. */
async function payByKhqr(
  page: Page,
  language: 'th' | 'en',
  customer: Session,
  orderId: number,
  payable: number,
) {
  const text = TEXT[language];
  await page.getByRole('radio', { name: text.khqr }).check();
  await shot(page, `pay-${language}`);
  await page.locator('.pay-bar button').click();
  await page.waitForURL(`**/index/hwQrCode?ordersId=${orderId}`);
  const code = page.getByTestId('payment-qr');
  await code.locator('img').waitFor();
  const payload = (await code.getAttribute('data-payload')) ?? '';
  expect(amountOfPayload(payload)).toBe(payable);
  await shot(page, `qr-${language}`);

  await page.getByRole('button', { name: text.paid }).click();
  await page.getByText(text.confirming).waitFor();
  await shot(page, `confirming-${language}`);

  // The sandbox is paid (development tool, loopback): its signed webhook goes through the same check.
  const attempt = await ok<{ id: number; method: string; amount: number }>(
    `/app/orders/${orderId}/payments/current`,
    { token: customer.token },
  );
  expect(attempt).toMatchObject({ method: 'khqr', amount: payable });
  await ok(`/app/dev/payments/attempts/${attempt.id}/simulate-paid`, { method: 'POST', body: {} });
  await page.waitForURL(`**/index/paySuccess?ordersId=${orderId}`, { timeout: 15_000 });
  await page.getByRole('heading', { name: text.success, level: 2 }).waitFor();
}

describe('paying an order', () => {
  it('pays a new order by KHQR in the sandbox, in Thai, from the order page to the success page', async () => {
    const customer = await login(DEMO_CUSTOMER);
    const order = await newUnpaidOrder(customer);
    const context = await signedIn(customer, 'th');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('region', { name: 'การดำเนินการของคำสั่งซื้อ' }).waitFor();
    await page.getByRole('button', { name: TEXT.th.pay, exact: true }).click();
    await page.waitForURL(`**/index/pay?ordersId=${order.id}`);
    await page.getByRole('group', { name: 'เลือกวิธีชำระเงิน' }).waitFor();
    // Dollars in Phnom Penh: KHQR, never PromptPay or VietQR; no cash (the demo city has not allowed it).
    const names = await page.locator('.pay-method__name').allTextContents();
    expect(names).toEqual(['กระเป๋าเงิน', 'KHQR', 'บัตรธนาคาร']);

    await payByKhqr(page, 'th', customer, order.id, order.payable);
    expect(await page.getByTestId('paid-amount').textContent()).toContain((order.payable / 100).toFixed(2));
    await page.getByText(order.orderNumber).waitFor();
    await shot(page, 'success-th');

    const after = await ok<{ status: string }>(`/app/orders/${order.id}`, { token: customer.token });
    expect(after.status).toBe('waitingAcceptance');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pays the demo's pending order from the wallet, in English, after leaving an open QR", async () => {
    const customer = await login(DEMO_CUSTOMER);
    const pending = await ok<{ items: { id: number; payable: number; orderNumber: string }[] }>(
      '/app/orders?tab=pendingPayment',
      { token: customer.token },
    );
    // The demo's own pending order (seeded for the customer), not the one the Thai journey paid.
    const order = pending.items.at(-1);
    if (!order) throw new Error('the demo customer has no order waiting for payment');
    const before = await ok<{ balances: { currency: string; amount: number }[] }>('/app/wallet', {
      token: customer.token,
    });
    const balance = before.balances.find((row) => row.currency === 'USD')?.amount ?? 0;
    expect(balance).toBeGreaterThanOrEqual(order.payable);

    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${journey.server.baseUrl}/index/pay?ordersId=${order.id}`);
    await page.getByRole('group', { name: 'Choose a payment method' }).waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toBe(`$${(order.payable / 100).toFixed(2)}`);

    // A KHQR code first (the screenshots of the QR and confirming pages in English), left unpaid.
    await page.getByRole('radio', { name: TEXT.en.khqr }).check();
    await page.locator('.pay-bar button').click();
    await page.waitForURL(`**/index/hwQrCode?ordersId=${order.id}`);
    const payload = (await page.getByTestId('payment-qr').getAttribute('data-payload')) ?? '';
    expect(amountOfPayload(payload)).toBe(order.payable);
    await page.getByTestId('payment-qr').locator('img').waitFor();
    await shot(page, 'qr-en');
    await page.getByRole('button', { name: TEXT.en.paid }).click();
    await page.getByText(TEXT.en.confirming).waitFor();
    await shot(page, 'confirming-en');

    // Back on the pay page the open QR is offered; the customer pays from the wallet instead.
    await page.goto(`${journey.server.baseUrl}/index/pay?ordersId=${order.id}`);
    await page.getByText('You have an open KHQR payment for this order.').waitFor();
    await page.getByRole('radio', { name: TEXT.en.wallet }).check();
    await shot(page, 'pay-en');
    await page.getByRole('button', { name: `Pay $${(order.payable / 100).toFixed(2)}` }).click();
    await page.waitForURL(`**/index/paySuccess?ordersId=${order.id}`);
    await page.getByRole('heading', { name: TEXT.en.success, level: 2 }).waitFor();
    await page.getByText('Wallet', { exact: true }).waitFor();
    await shot(page, 'success-en');

    const after = await ok<{ balances: { currency: string; amount: number }[] }>('/app/wallet', {
      token: customer.token,
    });
    expect(after.balances.find((row) => row.currency === 'USD')?.amount).toBe(balance - order.payable);
    const paid = await ok<{ status: string }>(`/app/orders/${order.id}`, { token: customer.token });
    expect(paid.status).toBe('waitingAcceptance');

    await page.getByRole('button', { name: 'View order' }).click();
    await page.waitForURL(`**/my/order/pay?ordersId=${order.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
