import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBody, BOOKING_NOW, createTherapist } from '../../../test/booking-fixtures';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { expectOrderMoneyBalanced, orderMoneyOf } from '../../../test/order-money-ledger';
import { bookUnpaidOrder, fundWallet, payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createSandboxProvider, type PaymentProvider } from '.';

const DAY_MS = 24 * 60 * 60_000;
const clock = fixedClock(BOOKING_NOW);
const khqrSandbox = createSandboxProvider('khqr', { clock, refundDelayMs: 2 * DAY_MS });
/** KHQR whose next refund reaches the provider and then loses its answer (a crash before our write). */
let loseNextRefundAnswer = false;
const khqr: PaymentProvider = {
  ...khqrSandbox,
  async refund(input) {
    const answer = await khqrSandbox.refund(input);
    if (loseNextRefundAnswer) {
      loseNextRefundAnswer = false;
      throw new Error('connection reset after the provider refunded');
    }
    return answer;
  },
};
/** A card rail whose provider cannot refund: the customer is asked for a bank card. */
const card = createSandboxProvider('card', { clock, isRefundable: false });
const { app, database } = await createTestApp({
  clock,
  paymentProviders: { khqr, card },
  config: { PAYMENTS_DEV_CONFIRM: 'true' },
});
let staffToken = '';

beforeAll(async () => {
  const { city } = await placeOf(database);
  // Fees that make every share visible: $3 management fee, 10 % VAT, $2 handling fee; cash allowed.
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${city.id},
      '{"managementFeeFixed": 300, "vatBasisPoints": 1000, "cancellationHandlingFee": 200}'::jsonb)`,
  );
  await database.db.execute(
    sql`insert into payment_city_settings (city_id, settings) values (${city.id}, '{"isCashAllowed": true}'::jsonb)`,
  );
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  staffToken = staff.token;
});

const key = (what: string) => `${what}-${Math.random().toString(36).slice(2)}`;
const step = async (id: number, transition: string, token: string, extra: Record<string, unknown> = {}) =>
  (
    await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/transitions`,
      token,
      payload: { transition, ...extra },
    })
  ).json();
const LAST_MILE: Record<string, Record<string, unknown>> = {
  arrive: { position: { lat: addressBody().lat, lng: addressBody().lng } },
  end: { reason: 'The customer asked to stop early' },
};
const statusOf = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}`, token })).json().data.status;
const refundOf = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}/refund`, token })).json();
const paidByRail = async (rail: 'khqr' | 'card') => {
  const booked = await bookUnpaidOrder(app, database);
  const attempt = (await payOrder(app, booked.customer.token, booked.order.id, rail)).json().data;
  const simulated = await app.inject({
    method: 'POST',
    url: `/app/dev/payments/attempts/${attempt.id}/simulate-paid`,
  });
  expect(simulated.json().data).toEqual({ outcome: 'applied' });
  return booked;
};
const cashReceived = (orderId: number, token: string, idempotencyKey = key('cash')) =>
  call(app, {
    method: 'POST',
    url: `/app/orders/${orderId}/cash-received`,
    token,
    headers: { 'idempotency-key': idempotencyKey },
  });
async function serveAndComplete(orderId: number, therapistToken: string, customerToken: string) {
  for (const transition of ['accept', 'depart', 'arrive', 'start', 'end'])
    expect((await step(orderId, transition, therapistToken, LAST_MILE[transition])).code, transition).toBe(0);
  expect((await step(orderId, 'review', customerToken)).code).toBe(0);
  await app.outbox.dispatchPending();
}
const entriesOf = async (orderId: number, kind: string) =>
  (
    await queryRows<{ count: string }>(
      database.db,
      sql`select count(*)::text as count from ledger_entries where order_id = ${orderId} and kind = ${kind}`,
    )
  )[0]?.count;

describe('a refund to the original route takes days', () => {
  it('stays "refunding" with its promised date, is polled by a job and completes when the provider says done', async () => {
    const { customer, therapist, order } = await paidByRail('khqr');
    expect((await step(order.id, 'accept', therapist.token)).code).toBe(0);
    const cancelled = await step(order.id, 'cancel', customer.token);
    expect(cancelled.data.settlement.keptTotal).toBeGreaterThan(0);
    await app.outbox.dispatchPending();
    const processing = await refundOf(customer.token, order.id);
    // 24 November 2026 is a Tuesday: five working days later is Tuesday 1 December.
    expect(processing.data).toMatchObject({
      status: 'processing',
      route: 'original',
      method: 'khqr',
      amount: cancelled.data.settlement.refund,
      expectedBy: expect.stringMatching(/^2026-12-01T/),
      bankDetails: null,
    });
    expect(await statusOf(customer.token, order.id)).toBe('refunding');
    // The kept part is booked at once; the refund waits in escrow.
    expect((await orderMoneyOf(database, order.id)).escrow).toBe(cancelled.data.settlement.refund);

    // Day one: the provider has not finished; the job asks again a day later.
    clock.advance(DAY_MS);
    await app.jobs.runDue();
    expect(await statusOf(customer.token, order.id)).toBe('refunding');
    clock.advance(DAY_MS);
    await app.jobs.runDue();
    expect(await statusOf(customer.token, order.id)).toBe('refunded');
    expect((await refundOf(customer.token, order.id)).data).toMatchObject({ status: 'refunded' });
    const money = await expectOrderMoneyBalanced(database, order.id);
    expect(money.refunded).toBe(cancelled.data.settlement.refund);

    // The job run again (a retry, a second worker): nothing more is refunded or booked.
    await app.jobs.enqueue(database.db, (await import('./refunds')).checkRefundJob, {
      orderId: order.id,
      check: 99,
    });
    await app.jobs.runDue();
    expect(await entriesOf(order.id, 'orderRefund')).toBe('1');
    expect((await orderMoneyOf(database, order.id)).refunded).toBe(cancelled.data.settlement.refund);
    // Back to "today": the next tests book tomorrow's slots.
    clock.advance(-2 * DAY_MS);
  });

  it('refunds exactly once when our side fails between the provider refunding and the ledger write', async () => {
    const { customer, order } = await paidByRail('khqr');
    const before = khqrSandbox.refundCount();
    const cancelled = await step(order.id, 'cancel', customer.token);
    expect(cancelled.data.status).toBe('refunding');
    loseNextRefundAnswer = true;
    await app.outbox.dispatchPending();
    // The provider refunded but we never heard: nothing booked, no refund row.
    expect(khqrSandbox.refundCount()).toBe(before + 1);
    expect((await refundOf(customer.token, order.id)).data).toBeNull();
    expect((await orderMoneyOf(database, order.id)).escrow).toBe(order.payable);
    // The event is retried after its back-off: the same refund key, one refund at the provider.
    clock.advance(60_000);
    await app.outbox.dispatchPending();
    expect(khqrSandbox.refundCount()).toBe(before + 1);
    expect((await refundOf(customer.token, order.id)).data.status).toBe('processing');
    clock.advance(3 * DAY_MS);
    await app.jobs.runDue();
    expect(await statusOf(customer.token, order.id)).toBe('refunded');
    const money = await expectOrderMoneyBalanced(database, order.id);
    expect(money.refunded).toBe(cancelled.data.settlement.refund);
    expect(await entriesOf(order.id, 'orderRefund')).toBe('1');
    clock.advance(-3 * DAY_MS - 60_000);
  });

  it('refunds an order confirmed by the development confirmation at once: nothing was paid', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    expect(
      (await app.inject({ method: 'POST', url: `/app/dev/payments/${order.id}/confirm` })).json().code,
    ).toBe(0);
    expect((await step(order.id, 'cancel', customer.token)).data.status).toBe('refunding');
    await app.outbox.dispatchPending();
    expect(await statusOf(customer.token, order.id)).toBe('refunded');
    expect((await refundOf(customer.token, order.id)).data).toBeNull();
    const money = await expectOrderMoneyBalanced(database, order.id);
    expect(money.paid).toBe(0);
  });
});

describe('a route that cannot refund: bank card details and a payout by customer service', () => {
  let orderId = 0;
  let customerToken = '';
  let therapistToken = '';
  let refund = 0;
  let paid = 0;

  it('asks the customer for a bank card, which only the customer and staff read', async () => {
    const { customer, therapist, order } = await paidByRail('card');
    orderId = order.id;
    customerToken = customer.token;
    therapistToken = therapist.token;
    paid = order.payable;
    expect((await step(order.id, 'accept', therapist.token)).code).toBe(0);
    refund = (await step(order.id, 'cancel', customer.token)).data.settlement.refund;
    await app.outbox.dispatchPending();
    expect((await refundOf(customerToken, orderId)).data).toMatchObject({
      status: 'needsBankDetails',
      route: 'bankTransfer',
      amount: refund,
      expectedBy: null,
    });
    expect(await statusOf(customerToken, orderId)).toBe('refunding');
    // Its provider sees the order but not its refund (decision 102); a stranger not even the order.
    expect((await refundOf(therapistToken, orderId)).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    const stranger = await registerUser(app);
    expect((await refundOf(stranger.token, orderId)).code).toBe(ERROR_CODES.notFound.code);
    const strangerPut = await call(app, {
      method: 'PUT',
      url: `/app/orders/${orderId}/refund/bank-details`,
      token: stranger.token,
      payload: { holderName: 'Mallory', bankName: 'ABA', accountNumber: '000 111 222' },
    });
    expect(strangerPut.json().code).toBe(ERROR_CODES.notFound.code);
  });

  it('refuses bank details that are not a card or account number, and keeps good ones', async () => {
    const bad = await call(app, {
      method: 'PUT',
      url: `/app/orders/${orderId}/refund/bank-details`,
      token: customerToken,
      payload: { holderName: 'Dara Sok', bankName: 'ABA', accountNumber: '12ab' },
    });
    expect(bad.json().code).toBe(ERROR_CODES.validationFailed.code);
    const good = await call(app, {
      method: 'PUT',
      url: `/app/orders/${orderId}/refund/bank-details`,
      token: customerToken,
      payload: { holderName: ' Dara Sok ', bankName: 'ABA Bank', accountNumber: '4111 1111 1111 1111' },
    });
    expect(good.json().data).toMatchObject({
      status: 'awaitingPayout',
      bankDetails: { holderName: 'Dara Sok', bankName: 'ABA Bank', accountNumber: '4111 1111 1111 1111' },
    });
    const seenByStaff = await refundOf(staffToken, orderId);
    expect(seenByStaff.data.bankDetails.accountNumber).toBe('4111 1111 1111 1111');
  });

  it('refuses a payout of more than was paid, or other than what is due, and records the right one once', async () => {
    const payout = (amount: number, idempotencyKey = key('payout'), token = staffToken) =>
      call(app, {
        method: 'POST',
        url: `/app/staff/orders/${orderId}/refund/payout`,
        token,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount, transferReference: 'ABA-778812', reason: 'Card refund paid by bank transfer' },
      });
    expect((await payout(paid + 1)).json().code).toBe(ERROR_CODES.refundPayoutExceedsPaid.code);
    expect((await payout(refund - 1)).json().code).toBe(ERROR_CODES.refundPayoutAmountMismatch.code);
    // Not staff: the route is not theirs.
    expect((await payout(refund, key('payout'), customerToken)).json().code).toBe(ERROR_CODES.forbidden.code);
    const sameKey = key('payout');
    const done = await payout(refund, sameKey);
    expect(done.json().data).toMatchObject({ status: 'refunded', amount: refund });
    // The same request again (a double tap) answers the same; a new one is refused.
    expect((await payout(refund, sameKey)).json().data).toMatchObject({ status: 'refunded' });
    expect((await payout(refund)).json().code).toBe(ERROR_CODES.refundNotAwaitingPayout.code);
    expect(await statusOf(customerToken, orderId)).toBe('refunded');
    expect(await entriesOf(orderId, 'refundPayout')).toBe('1');
    const money = await expectOrderMoneyBalanced(database, orderId);
    expect(money.refunded).toBe(refund);
    // Audited like every staff action on an order.
    const audit = await call(app, {
      method: 'GET',
      url: `/app/staff/orders/${orderId}/audit`,
      token: staffToken,
    });
    expect(JSON.stringify(audit.json().data)).toContain('refundPayout');
  });
});

describe('cash on service', () => {
  it('the provider confirms the cash; completion makes the platform part owed, netted from the next earnings', async () => {
    const { city, project } = await placeOf(database);
    const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
    const cashOrder = await bookUnpaidOrder(app, database, undefined, { therapist });
    const { customer, order } = cashOrder;
    expect((await payOrder(app, customer.token, order.id, 'cash')).json().data).toMatchObject({
      method: 'cash',
      status: 'pending',
    });
    const due = async (token: string) =>
      (await call(app, { method: 'GET', url: `/app/orders/${order.id}/cash`, token })).json();
    expect((await due(therapist.token)).data).toMatchObject({ amount: order.payable, receivedAt: null });
    expect((await due(customer.token)).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    // Before the provider has it, nobody may say it was received.
    expect((await cashReceived(order.id, therapist.token)).json().code).toBe(
      ERROR_CODES.cashNotExpected.code,
    );
    for (const transition of ['accept', 'depart', 'arrive', 'start'])
      expect((await step(order.id, transition, therapist.token, LAST_MILE[transition])).code).toBe(0);
    expect((await cashReceived(order.id, customer.token)).json().code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    const received = await cashReceived(order.id, therapist.token);
    expect(received.json().data).toMatchObject({ orderId: order.id, amount: order.payable });
    expect((await due(therapist.token)).data.receivedAt).toEqual(expect.any(String));
    // Said twice: one entry.
    expect((await cashReceived(order.id, therapist.token)).json().code).toBe(0);
    expect(await entriesOf(order.id, 'cashReceived')).toBe('1');

    expect((await step(order.id, 'end', therapist.token, LAST_MILE.end)).code).toBe(0);
    expect((await step(order.id, 'review', customer.token)).code).toBe(0);
    await app.outbox.dispatchPending();
    const q = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token })
    ).json().data.quote;
    const share = Math.round(q.service * 0.2);
    const providerShare = q.service - share + q.travelFee;
    const money = await expectOrderMoneyBalanced(database, order.id);
    expect(money).toMatchObject({
      paid: order.payable,
      provider: providerShare,
      platform: share + q.managementFee,
    });
    const balances = async () => {
      const rows = await queryRows<{ purpose: string; balance: string }>(
        database.db,
        sql`select purpose, balance::text from ledger_accounts where owner_kind = 'therapist' and owner_id = ${therapist.therapistId}`,
      );
      return Object.fromEntries(rows.map((row) => [row.purpose, Number(row.balance)]));
    };
    // They hold the cash: nothing to withdraw, and the platform's part and VAT owed.
    const owed = order.payable - providerShare;
    expect(await balances()).toMatchObject({ providerEarnings: 0, providerOwes: -owed });

    // Their next order is paid by wallet: its share first pays what they owe, in the same entry.
    const next = await bookUnpaidOrder(app, database, undefined, {
      therapist,
      startsAt: new Date(Date.UTC(2026, 10, 25, 8, 0)),
    });
    await fundWallet(database, clock, next.customer.user.id, next.order.payable);
    expect((await payOrder(app, next.customer.token, next.order.id, 'wallet')).json().code).toBe(0);
    await serveAndComplete(next.order.id, therapist.token, next.customer.token);
    expect(await statusOf(next.customer.token, next.order.id)).toBe('completed');
    const nextMoney = await expectOrderMoneyBalanced(database, next.order.id);
    expect(nextMoney.provider).toBe(providerShare);
    const netted = Math.min(owed, providerShare);
    expect(await balances()).toMatchObject({
      providerEarnings: providerShare - netted,
      providerOwes: -owed + netted,
    });
  });

  it('a cash order cancelled before the cash changed hands is refunded at once: nothing was paid', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    expect((await payOrder(app, customer.token, order.id, 'cash')).json().code).toBe(0);
    expect((await step(order.id, 'cancel', customer.token)).data.status).toBe('refunding');
    await app.outbox.dispatchPending();
    expect(await statusOf(customer.token, order.id)).toBe('refunded');
    expect((await expectOrderMoneyBalanced(database, order.id)).paid).toBe(0);
  });
});
