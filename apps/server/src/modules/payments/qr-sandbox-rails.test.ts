import { sql } from 'drizzle-orm';
import { parse } from 'promptparse';
import { billPayment } from 'promptparse/validate';
import { QRPay } from 'vietnam-qr-pay';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { SANDBOX_PAYEES } from '../../config/env';
import type { Database } from '../../db/client';
import { fixedClock } from '../../lib/clock';

// The development sandbox emits each rail's real EMVCo payload (decision 040): a Bangkok order
// shows a PromptPay QR, a Ho Chi Minh City order a VietQR, each with the order's payable, and
// "simulate paid" still confirms it. Each city lives in its own app and database.
const clock = fixedClock(BOOKING_NOW);

/** Turns the file's one test city (and its project) to another currency before the app reads it. */
async function appInCurrency(currency: 'THB' | 'VND') {
  const { app, database } = await createTestApp({ clock });
  const { city, project } = await placeOf(database);
  await database.db.execute(sql`update cities set currency = ${currency} where id = ${city.id}`);
  await database.db.execute(sql`update service_projects set currency = ${currency} where id = ${project.id}`);
  return { app, database };
}

async function payAndSimulate(
  { app, database }: { app: Awaited<ReturnType<typeof createTestApp>>['app']; database: Database },
  method: 'promptpay' | 'vietqr',
  currency: string,
) {
  const { customer, order } = await bookUnpaidOrder(app, database);
  expect(order.currency).toBe(currency);
  const attempt = (await payOrder(app, customer.token, order.id, method)).json().data;
  expect(attempt).toMatchObject({ method, status: 'pending', amount: order.payable, currency });
  const simulated = await app.inject({
    method: 'POST',
    url: `/app/dev/payments/attempts/${attempt.id}/simulate-paid`,
  });
  expect(simulated.json()).toMatchObject({ code: 0, data: { outcome: 'applied' } });
  const current = await call(app, {
    method: 'GET',
    url: `/app/orders/${order.id}/payments/current`,
    token: customer.token,
  });
  expect(current.json().data.status).toBe('succeeded');
  return { order, attempt };
}

describe('the development sandbox on the QR rails', () => {
  it('shows a PromptPay bill-payment QR for a baht order, with the payable, and confirms it', async () => {
    const { order, attempt } = await payAndSimulate(await appInCurrency('THB'), 'promptpay', 'THB');
    expect(attempt.payeeName).toBe(SANDBOX_PAYEES.PROMPTPAY_PAYEE_NAME);
    expect(billPayment(attempt.payload)).toMatchObject({
      billerId: SANDBOX_PAYEES.PROMPTPAY_BILLER_ID,
      ref1: attempt.billNumber,
      amount: order.payable / 100,
    });
    expect(parse(attempt.payload, true)?.getTagValue('54')).toBe((order.payable / 100).toFixed(2));
  });

  it('shows a VietQR for a dong order, with the payable in whole dong, and confirms it', async () => {
    const { order, attempt } = await payAndSimulate(await appInCurrency('VND'), 'vietqr', 'VND');
    const decoded = new QRPay(attempt.payload);
    expect(decoded.isValid).toBe(true);
    expect(decoded.amount).toBe(String(order.payable));
    expect(decoded.currency).toBe('704');
    expect(decoded.consumer.bankNumber).toBe(SANDBOX_PAYEES.VIETQR_ACCOUNT_NUMBER);
    expect(decoded.additionalData.billNumber).toBe(attempt.billNumber);
    expect(attempt.payeeName).toBe(SANDBOX_PAYEES.VIETQR_PAYEE_NAME);
  });

  it("gives a wallet top-up the rail's real payload too: every purpose's bill number fits the rail", async () => {
    const { app } = await appInCurrency('THB');
    const customer = await registerUser(app);
    const options = await call(app, {
      method: 'GET',
      url: '/app/wallet/top-ups/options?currency=THB',
      token: customer.token,
    });
    const amount = options.json().data.minAmount as number;
    const started = await call(app, {
      method: 'POST',
      url: '/app/wallet/top-ups',
      token: customer.token,
      headers: { 'idempotency-key': 'top-up-thb-promptpay-1' },
      payload: { amount, currency: 'THB', method: 'promptpay' },
    });
    expect(started.json().code).toBe(0);
    const { payload } = started.json().data.attempt;
    expect(billPayment(payload)).toMatchObject({
      billerId: SANDBOX_PAYEES.PROMPTPAY_BILLER_ID,
      amount: amount / 100,
    });
    expect(billPayment(payload)?.ref1).toMatch(/^[A-Z0-9]{1,20}$/);
  });
});
