import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBody, BOOKING_NOW } from '../../../test/booking-fixtures';
import { bookHomeVisit, couponOf, homeVisitBody } from '../../../test/coupon-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { expectOrderMoneyBalanced } from '../../../test/order-money-ledger';
import { payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

beforeAll(async () => {
  const { city } = await placeOf(database);
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${city.id},
      '{"managementFeeFixed": 300, "vatBasisPoints": 1000, "cancellationHandlingFee": 200}'::jsonb)
      on conflict (city_id) do update set settings = excluded.settings`,
  );
});

const LAST_MILE: Record<string, Record<string, unknown>> = {
  arrive: { position: { lat: addressBody().lat, lng: addressBody().lng } },
  end: { reason: 'The customer asked to stop early' },
};
const step = async (id: number, transition: string, token: string) =>
  (
    await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/transitions`,
      token,
      payload: { transition, ...(LAST_MILE[transition] ?? {}) },
    })
  ).json();
const entriesOf = (orderId: number) =>
  queryRows<{ kind: string }>(
    database.db,
    sql`select kind from ledger_entries where order_id = ${orderId} order by id`,
  );

/** An order a coupon covers whole: payable 0. */
async function freeOrder() {
  const customer = await registerUser(app);
  const { body, therapist } = await homeVisitBody(app, database, customer);
  const couponId = await couponOf(app, database, customer, { amount: 1_000_000 });
  const booked = await bookHomeVisit(app, customer.token, { ...body, couponId });
  expect(booked.json().code).toBe(0);
  const order = booked.json().data;
  expect(order.payable).toBe(0);
  return { customer, therapist, order };
}

describe('an order a coupon covers whole (decision 051)', () => {
  it('is paid with no money moving, whichever method was chosen, once', async () => {
    const { customer, order } = await freeOrder();
    const paid = await payOrder(app, customer.token, order.id, 'khqr');
    expect(paid.json().code).toBe(0);
    expect(paid.json().data).toMatchObject({ amount: 0, status: 'succeeded', method: 'wallet' });
    const shown = await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token });
    expect(shown.json().data.status).not.toBe('pendingPayment');
    expect(await entriesOf(order.id)).toEqual([]);
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().code).toBe(
      ERROR_CODES.orderNotPayable.code,
    );
    const stranger = await registerUser(app);
    expect((await payOrder(app, stranger.token, order.id, 'wallet')).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
  });

  it('on completion books the whole price as coupon expense: provider, platform and VAT paid by it', async () => {
    const { customer, therapist, order } = await freeOrder();
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().code).toBe(0);
    for (const transition of ['accept', 'depart', 'arrive', 'start', 'end'])
      expect((await step(order.id, transition, therapist.token)).code, transition).toBe(0);
    expect((await step(order.id, 'review', customer.token)).code).toBe(0);
    await app.outbox.dispatchPending();
    expect(await entriesOf(order.id)).toEqual([{ kind: 'orderCompletion' }]);
    const money = await expectOrderMoneyBalanced(database, order.id);
    expect(money.paid).toBe(0);
    expect(money.provider).toBeGreaterThan(0);
    expect(money.coupon).toBe(money.provider + money.platform + money.vat);
  });

  it('cancelled after acceptance keeps and refunds nothing and ends refunded', async () => {
    const { customer, therapist, order } = await freeOrder();
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().code).toBe(0);
    expect((await step(order.id, 'accept', therapist.token)).code).toBe(0);
    const cancelled = await step(order.id, 'cancel', customer.token);
    expect(cancelled.code).toBe(0);
    await app.outbox.dispatchPending();
    const shown = await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token });
    expect(shown.json().data.status).toBe('refunded');
    expect(await entriesOf(order.id)).toEqual([]);
    await expectOrderMoneyBalanced(database, order.id);
  });
});
