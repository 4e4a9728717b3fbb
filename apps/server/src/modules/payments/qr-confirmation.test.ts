import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { startFakeBakong } from '../../../test/fake-bakong';
import { call } from '../../../test/identity-helpers';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { SANDBOX_PAYEES } from '../../config/env';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { LATE_PAYMENT_WINDOW_MS, PROVIDER_CHECK_INTERVAL_MS } from './payments.service';

// KHQR confirmed by asking Bakong (decision 040), through the real app and database, with a local
// Bakong on a random port. The pay page's polling and the sweeps are the only ways money moves.
const TOKEN = 'fake-bakong-token-0123456789';
const bakongApi = await startFakeBakong(TOKEN);
const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({
  clock,
  config: { KHQR_PROVIDER: 'bakong', BAKONG_API_URL: bakongApi.url, BAKONG_API_TOKEN: TOKEN },
});

const sweep = (name: string) => {
  const found = app.sweeps.find((job) => job.name === name);
  if (!found) throw new Error(`no sweep ${name}`);
  return found.run(clock.now());
};
const current = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}/payments/current`, token })).json();
const statusOf = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}`, token })).json().data.status;
async function balance(ownerKind: string, ownerId: number, purpose: string): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    database.db,
    sql`select balance from ledger_accounts where owner_kind = ${ownerKind} and owner_id = ${ownerId} and purpose = ${purpose}`,
  );
  return Number(row?.balance ?? 0);
}
async function storedStatus(attemptId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    database.db,
    sql`select status from payment_attempts where id = ${attemptId}`,
  );
  return row?.status;
}
const asked = (md5: string) => bakongApi.requests.filter((request) => request.md5 === md5).length;
const dollars = (cents: number) => cents / 100;

async function startKhqr() {
  const booked = await bookUnpaidOrder(app, database);
  const attempt = (await payOrder(app, booked.customer.token, booked.order.id, 'khqr')).json().data;
  expect(attempt.status).toBe('pending');
  return { ...booked, attempt };
}

describe('KHQR confirmed by asking Bakong', () => {
  it('references the attempt by its KHQR md5 and applies the payment when the polling pay page sees it', async () => {
    const { customer, order, attempt } = await startKhqr();
    expect(attempt.providerReference).toBe(createHash('md5').update(attempt.payload).digest('hex'));
    expect(attempt.payeeName).toBe(SANDBOX_PAYEES.KHQR_MERCHANT_NAME);

    // Not paid yet: Bakong does not know the md5, the attempt stays pending.
    expect((await current(customer.token, order.id)).data.status).toBe('pending');
    expect(asked(attempt.providerReference)).toBe(1);

    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    // Polled again within the interval: Bakong is not asked again (rate limit per attempt).
    expect((await current(customer.token, order.id)).data.status).toBe('pending');
    expect(asked(attempt.providerReference)).toBe(1);

    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    const paid = await current(customer.token, order.id);
    expect(paid.data).toMatchObject({ id: attempt.id, status: 'succeeded' });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);

    // Settled: later polls and sweeps neither ask again nor pay twice.
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    await current(customer.token, order.id);
    await sweep('confirm-polled-payments');
    expect(asked(attempt.providerReference)).toBe(2);
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);
  });

  it('asks Bakong once and pays once when several tabs, the sweep and a poll race', async () => {
    const { customer, order, attempt } = await startKhqr();
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    const before = asked(attempt.providerReference);
    const answers = await Promise.all([
      current(customer.token, order.id),
      current(customer.token, order.id),
      sweep('confirm-polled-payments'),
      current(customer.token, order.id),
    ]);
    expect(asked(attempt.providerReference)).toBe(before + 1);
    expect(answers.filter((answer) => typeof answer === 'object' && answer.code === 0)).toHaveLength(3);
    expect((await current(customer.token, order.id)).data.status).toBe('succeeded');
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);
  });

  it('fails, and never pays the order with, a payment of another amount', async () => {
    const { customer, order, attempt } = await startKhqr();
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable - 1),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await current(customer.token, order.id)).data.status).toBe('failed');
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(await balance('order', order.id, 'orderEscrow')).toBe(0);
  });

  it('keeps the attempt pending, and the page working, while Bakong cannot be reached', async () => {
    const { customer, order, attempt } = await startKhqr();
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    bakongApi.dropped.add(attempt.providerReference);
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    const response = await current(customer.token, order.id);
    expect(response).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    bakongApi.dropped.delete(attempt.providerReference);
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await current(customer.token, order.id)).data.status).toBe('succeeded');
  });

  it('is applied by the sweep when nobody keeps the pay page open', async () => {
    const { customer, order, attempt } = await startKhqr();
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    expect(await sweep('confirm-polled-payments')).toBeGreaterThanOrEqual(1);
    expect(await storedStatus(attempt.id)).toBe('succeeded');
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);
  });
});

describe('a cancelled order paid by KHQR through Bakong', () => {
  it("waits for the customer's bank details and a payout by customer service, and its events keep flowing", async () => {
    const { customer, order, attempt } = await startKhqr();
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await current(customer.token, order.id)).data.status).toBe('succeeded');
    const cancelled = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/transitions`,
      token: customer.token,
      payload: { transition: 'cancel' },
    });
    expect(cancelled.json().data.status).toBe('refunding');
    await app.outbox.dispatchPending();
    // Bakong cannot refund: the order waits for the customer's bank card (decision 042).
    expect(await statusOf(customer.token, order.id)).toBe('refunding');
    const refund = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.id}/refund`,
      token: customer.token,
    });
    expect(refund.json().data).toMatchObject({
      status: 'needsBankDetails',
      route: 'bankTransfer',
      amount: cancelled.json().data.settlement.refund,
    });
    // The outbox is not stuck behind it: nothing is left to dispatch.
    expect(await app.outbox.dispatchPending()).toBe(0);
    // What is refunded waits in escrow until the payout.
    expect(await balance('order', order.id, 'orderEscrow')).toBe(cancelled.json().data.settlement.refund);
  });
});

describe('expired attempts', () => {
  it('are written expired by the sweep once past their expiry, and not before', async () => {
    const { customer, order, attempt } = await startKhqr();
    clock.advance(10 * 60_000 - 1);
    await sweep('expire-payment-attempts');
    expect(await storedStatus(attempt.id)).toBe('pending');
    clock.advance(1);
    expect(await sweep('expire-payment-attempts')).toBeGreaterThanOrEqual(1);
    expect(await storedStatus(attempt.id)).toBe('expired');
    expect((await current(customer.token, order.id)).data.status).toBe('expired');
    // A new QR is offered once the old one expired.
    const next = (await payOrder(app, customer.token, order.id, 'khqr')).json().data;
    expect(next).toMatchObject({ status: 'pending' });
    expect(next.id).not.toBe(attempt.id);
    expect(next.payload).not.toBe(attempt.payload);
  });

  it('still pay the order when paid at the last second and the order is still payable', async () => {
    const { customer, order, attempt } = await startKhqr();
    clock.advance(10 * 60_000);
    await sweep('expire-payment-attempts');
    expect(await storedStatus(attempt.id)).toBe('expired');
    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    await sweep('confirm-polled-payments');
    expect(await storedStatus(attempt.id)).toBe('succeeded');
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);
  });

  it('credit a late payment to the wallet once the order was paid another way, once', async () => {
    const { customer, order, attempt } = await startKhqr();
    clock.advance(10 * 60_000);
    await sweep('expire-payment-attempts');
    await fundWallet(database, clock, customer.user.id, order.payable);
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().data.status).toBe('succeeded');
    expect(await balance('user', customer.user.id, 'customerWallet')).toBe(0);

    bakongApi.paid.set(attempt.providerReference, {
      amount: dollars(order.payable),
      currency: 'USD',
      toAccountId: SANDBOX_PAYEES.KHQR_ACCOUNT_ID,
    });
    await sweep('confirm-polled-payments');
    expect(await storedStatus(attempt.id)).toBe('expired');
    expect(await balance('user', customer.user.id, 'customerWallet')).toBe(order.payable);
    expect(await balance('order', order.id, 'orderEscrow')).toBe(order.payable);

    // Applied once: the next sweeps leave it alone (no second credit, Bakong not asked again).
    const askedSoFar = asked(attempt.providerReference);
    clock.advance(PROVIDER_CHECK_INTERVAL_MS);
    await sweep('confirm-polled-payments');
    expect(asked(attempt.providerReference)).toBe(askedSoFar);
    expect(await balance('user', customer.user.id, 'customerWallet')).toBe(order.payable);
  });

  it('are no longer asked about once past the late-payment window', async () => {
    const { attempt } = await startKhqr();
    clock.advance(10 * 60_000 + LATE_PAYMENT_WINDOW_MS + 1);
    await sweep('expire-payment-attempts');
    const askedSoFar = asked(attempt.providerReference);
    await sweep('confirm-polled-payments');
    expect(asked(attempt.providerReference)).toBe(askedSoFar);
  });
});
