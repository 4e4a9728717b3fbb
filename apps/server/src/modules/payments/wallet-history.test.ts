import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

const history = (token: string, query = '') =>
  call(app, { method: 'GET', url: `/app/wallet/history${query}`, token });

describe('wallet history', () => {
  it('types each movement, filters by type and pages newest first', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    for (const amount of [1000, 2000, 3000, 4000])
      await fundWallet(database, clock, customer.user.id, amount);
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().code).toBe(0);

    const all = (await history(customer.token)).json().data;
    expect(all.items.map((row: { type: string }) => row.type)).toEqual([
      'payment',
      'topUp',
      'topUp',
      'topUp',
      'topUp',
    ]);
    // An order's movement carries its city's zone, to be shown on that clock; a top-up none (decision 108).
    expect(all.items[0]).toMatchObject({
      kind: 'orderPayment',
      orderId: order.id,
      timeZone: 'Asia/Phnom_Penh',
      amount: -order.payable,
    });
    expect(all.items[1]).toMatchObject({ kind: 'topUp', orderId: null, timeZone: null });
    expect(all.hasMore).toBe(false);

    const topUps = (await history(customer.token, '?type=topUp&pageSize=3')).json().data;
    expect(topUps.items.map((row: { amount: number }) => row.amount)).toEqual([4000, 3000, 2000]);
    expect(topUps.hasMore).toBe(true);
    const second = (await history(customer.token, '?type=topUp&pageSize=3&page=2')).json().data;
    expect(second.items.map((row: { amount: number }) => row.amount)).toEqual([1000]);
    expect(second.hasMore).toBe(false);

    const payments = (await history(customer.token, '?type=payment')).json().data;
    expect(payments.items).toHaveLength(1);
    const refunds = (await history(customer.token, '?type=refund')).json().data;
    expect(refunds.items).toEqual([]);
    const bad = await history(customer.token, '?type=lottery');
    expect(bad.json().code).toBe(ERROR_CODES.validationFailed.code);
  });

  it("opens one movement's detail, and never another user's", async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    await fundWallet(database, clock, customer.user.id, 9000);
    await payOrder(app, customer.token, order.id, 'wallet');
    const [payment] = (await history(customer.token, '?type=payment')).json().data.items;
    const detail = await call(app, {
      method: 'GET',
      url: `/app/wallet/history/${payment.entryId}`,
      token: customer.token,
    });
    expect(detail.json().data).toMatchObject({
      entryId: payment.entryId,
      type: 'payment',
      orderId: order.id,
      timeZone: 'Asia/Phnom_Penh',
      amount: -order.payable,
      currency: 'USD',
      postings: [{ purpose: 'customerWallet', currency: 'USD', amount: -order.payable }],
    });

    const stranger = await registerUser(app);
    await fundWallet(database, clock, stranger.user.id, 500);
    const peek = await call(app, {
      method: 'GET',
      url: `/app/wallet/history/${payment.entryId}`,
      token: stranger.token,
    });
    expect(peek.json().code).toBe(ERROR_CODES.notFound.code);
    const missing = await call(app, {
      method: 'GET',
      url: '/app/wallet/history/999999',
      token: customer.token,
    });
    expect(missing.json().code).toBe(ERROR_CODES.notFound.code);
    const anonymous = await call(app, { method: 'GET', url: `/app/wallet/history/${payment.entryId}` });
    expect(anonymous.json().code).toBe(ERROR_CODES.unauthenticated.code);
  });
});
