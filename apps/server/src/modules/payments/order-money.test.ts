import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBody, BOOKING_NOW } from '../../../test/booking-fixtures';
import { call } from '../../../test/identity-helpers';
import { expectOrderMoneyBalanced } from '../../../test/order-money-ledger';
import { bookUnpaidOrder, fundWallet, payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createSandboxProvider } from '.';

const clock = fixedClock(BOOKING_NOW);
const DAY_MS = 24 * 60 * 60_000;
const khqr = createSandboxProvider('khqr', { clock, refundDelayMs: 2 * DAY_MS });
const { app, database } = await createTestApp({ clock, paymentProviders: { khqr } });

beforeAll(async () => {
  const { city } = await placeOf(database);
  // Fees that make every share visible: $3 management fee, 10 % VAT, $2 handling fee.
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${city.id},
      '{"managementFeeFixed": 300, "vatBasisPoints": 1000, "cancellationHandlingFee": 200}'::jsonb)`,
  );
});

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

/** Per order: what came in, and where it went, read from the ledger's postings. */
async function moneyOf(orderId: number) {
  const rows = await queryRows<{ purpose: string; kind: string; amount: string }>(
    database.db,
    sql`select a.purpose, e.kind, sum(p.amount)::text as amount
        from ledger_postings p join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.order_id = ${orderId} group by a.purpose, e.kind`,
  );
  const of = (purpose: string, kind?: string) =>
    rows
      .filter((row) => row.purpose === purpose && (!kind || row.kind === kind))
      .reduce((total, row) => total + Number(row.amount), 0);
  const settlementKinds = ['orderCompletion', 'orderCancellationSettlement', 'orderRefund'];
  const refunded = rows
    .filter(
      (row) =>
        settlementKinds.includes(row.kind) &&
        (row.purpose === 'customerWallet' || row.purpose === 'railClearing'),
    )
    .reduce((total, row) => total + Number(row.amount), 0);
  return {
    paid: of('orderEscrow', 'orderPayment'),
    escrow: of('orderEscrow'),
    provider: of('providerEarnings'),
    platform: of('platformRevenue'),
    vat: of('vatPayable'),
    coupon: 0 - of('couponExpense'),
    refunded,
  };
}

async function paidByWallet() {
  const booked = await bookUnpaidOrder(app, database);
  await fundWallet(database, clock, booked.customer.user.id, booked.order.payable);
  expect((await payOrder(app, booked.customer.token, booked.order.id, 'wallet')).json().code).toBe(0);
  return booked;
}

const settledOrders: number[] = [];

describe("an order's money after the service", () => {
  it('on completion pays the provider (service − 20 % + travel), the platform (share + fee) and VAT in one entry', async () => {
    const { customer, therapist, order } = await paidByWallet();
    for (const transition of ['accept', 'depart', 'arrive', 'start', 'end'])
      expect(
        (await step(order.id, transition, therapist.token, LAST_MILE[transition])).code,
        transition,
      ).toBe(0);
    expect((await step(order.id, 'review', customer.token)).code).toBe(0);
    expect(await statusOf(customer.token, order.id)).toBe('completed');
    await app.outbox.dispatchPending();
    await app.outbox.dispatchPending();
    const detail = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token })
    ).json().data;
    const q = detail.quote;
    expect(q.vat).toBeGreaterThan(0);
    const money = await moneyOf(order.id);
    expect(money).toEqual({
      paid: order.payable,
      escrow: 0,
      provider: q.service - Math.round(q.service * 0.2) + q.travelFee,
      platform: Math.round(q.service * 0.2) + q.managementFee,
      vat: q.vat,
      coupon: 0,
      refunded: 0,
    });
    const [entries] = await queryRows<{ count: string }>(
      database.db,
      sql`select count(*)::text as count from ledger_entries where order_id = ${order.id} and kind = 'orderCompletion'`,
    );
    expect(entries?.count).toBe('1');
    settledOrders.push(order.id);
  });

  it('on cancellation after acceptance keeps the fees and refunds the rest to the wallet at once, then refunds the order', async () => {
    const { customer, therapist, order } = await paidByWallet();
    expect((await step(order.id, 'accept', therapist.token)).code).toBe(0);
    const cancelled = await step(order.id, 'cancel', customer.token);
    expect(cancelled.data.status).toBe('refunding');
    await app.outbox.dispatchPending();
    expect(await statusOf(customer.token, order.id)).toBe('refunded');
    const settlement = cancelled.data.settlement;
    expect(settlement.keptTotal).toBeGreaterThan(0);
    const money = await moneyOf(order.id);
    expect(money.refunded).toBe(settlement.refund);
    expect(money.escrow).toBe(0);
    const wallet = await call(app, { method: 'GET', url: '/app/wallet', token: customer.token });
    expect(wallet.json().data.balances).toEqual([{ currency: 'USD', amount: settlement.refund }]);
    settledOrders.push(order.id);
  });

  it('refunds a QR payment through the provider once, over days, even when the settlement runs again', async () => {
    const booked = await bookUnpaidOrder(app, database);
    const attempt = (await payOrder(app, booked.customer.token, booked.order.id, 'khqr')).json().data;
    const simulated = await app.inject({
      method: 'POST',
      url: `/app/dev/payments/attempts/${attempt.id}/simulate-paid`,
    });
    expect(simulated.json().data).toEqual({ outcome: 'applied' });
    const cancelled = await step(booked.order.id, 'cancel', booked.customer.token);
    expect(cancelled.data.status).toBe('refunding');
    // The handler runs twice (an event delivered again, a retried job): one refund, one entry.
    const handler = { orderId: booked.order.id, to: 'refunding' };
    await app.outbox.dispatchPending();
    await app.outbox.add(database.db, {
      aggregateType: 'order',
      aggregateId: booked.order.id,
      eventType: 'order.statusChanged',
      payload: handler,
    });
    await app.outbox.dispatchPending();
    expect(khqr.refundCount()).toBe(1);
    // The provider's refund takes days: "refunding" until the job hears it arrived.
    expect(await statusOf(booked.customer.token, booked.order.id)).toBe('refunding');
    expect((await moneyOf(booked.order.id)).escrow).toBe(cancelled.data.settlement.refund);
    clock.advance(3 * DAY_MS);
    await app.jobs.runDue();
    expect(await statusOf(booked.customer.token, booked.order.id)).toBe('refunded');
    expect(khqr.refundCount()).toBe(1);
    const money = await moneyOf(booked.order.id);
    expect(money.refunded).toBe(cancelled.data.settlement.refund);
    expect(money.escrow).toBe(0);
    settledOrders.push(booked.order.id);
  });

  it('for every order, refunded + provider + platform + VAT = paid', async () => {
    expect(settledOrders.length).toBe(3);
    for (const orderId of settledOrders) await expectOrderMoneyBalanced(database, orderId);
  });
});
