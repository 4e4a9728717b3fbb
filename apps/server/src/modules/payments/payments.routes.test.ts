import { ERROR_CODES } from '@sabai/shared/error-codes';
import { money, toDecimalString } from '@sabai/shared/money';
import bakong from 'bakong-khqr';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { SANDBOX_PAYEES } from '../../config/env';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { atInstant } from './qr-payloads';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

const statusOf = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}`, token })).json().data.status;
const walletBalance = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/wallet', token })).json().data.balances as {
    currency: string;
    amount: number;
  }[];
async function escrowOf(orderId: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    database.db,
    sql`select balance from ledger_accounts where owner_kind = 'order' and owner_id = ${orderId} and purpose = 'orderEscrow'`,
  );
  return Number(row?.balance ?? 0);
}

describe('paying an order from the wallet', () => {
  it('requires an Idempotency-Key and moves nothing without one', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    await fundWallet(database, clock, customer.user.id, 10_000);
    const response = await payOrder(app, customer.token, order.id, 'wallet', null);
    expect(response.json().code).toBe(ERROR_CODES.idempotencyKeyRequired.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(await walletBalance(customer.token)).toEqual([{ currency: 'USD', amount: 10_000 }]);
  });

  it('refuses a wallet short of the payable with 4001 and changes nothing', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    await fundWallet(database, clock, customer.user.id, order.payable - 1);
    const response = await payOrder(app, customer.token, order.id, 'wallet');
    expect(response.json().code).toBe(ERROR_CODES.insufficientBalance.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(await walletBalance(customer.token)).toEqual([{ currency: 'USD', amount: order.payable - 1 }]);
    expect(await escrowOf(order.id)).toBe(0);
    const current = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.id}/payments/current`,
      token: customer.token,
    });
    expect(current.json().data).toBeNull();
  });

  it("moves the order's payable into escrow with the pay step, once per key", async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    expect(order.payable).toBeGreaterThan(0);
    await fundWallet(database, clock, customer.user.id, 10_000);
    const key = `wallet-${order.id}`;
    const first = await payOrder(app, customer.token, order.id, 'wallet', key);
    expect(first.json()).toMatchObject({
      code: 0,
      data: { method: 'wallet', status: 'succeeded', amount: order.payable, currency: 'USD' },
    });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await walletBalance(customer.token)).toEqual([
      { currency: 'USD', amount: 10_000 - order.payable },
    ]);
    expect(await escrowOf(order.id)).toBe(order.payable);

    const retry = await payOrder(app, customer.token, order.id, 'wallet', key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.json().data.id);
    // A new key on a paid order is refused: paying twice is not possible.
    const again = await payOrder(app, customer.token, order.id, 'wallet');
    expect(again.json().code).toBe(ERROR_CODES.orderNotPayable.code);
    expect(await walletBalance(customer.token)).toEqual([
      { currency: 'USD', amount: 10_000 - order.payable },
    ]);
    expect(await escrowOf(order.id)).toBe(order.payable);

    const history = await call(app, { method: 'GET', url: '/app/wallet/history', token: customer.token });
    expect(
      history.json().data.items.map((item: { kind: string; amount: number }) => [item.kind, item.amount]),
    ).toEqual([
      ['orderPayment', -order.payable],
      ['topUp', 10_000],
    ]);
  });

  it("answers someone else's order as not found", async () => {
    const { order } = await bookUnpaidOrder(app, database);
    const stranger = await registerUser(app);
    await fundWallet(database, clock, stranger.user.id, 10_000);
    const response = await payOrder(app, stranger.token, order.id, 'wallet');
    expect(response.json().code).toBe(ERROR_CODES.notFound.code);
    expect(await walletBalance(stranger.token)).toEqual([{ currency: 'USD', amount: 10_000 }]);
  });
});

describe('paying through a rail', () => {
  it('starts a pending KHQR payment with the payable and a 10-minute expiry, shown again until paid', async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    const response = await payOrder(app, customer.token, order.id, 'khqr');
    const attempt = response.json().data;
    expect(attempt).toMatchObject({
      method: 'khqr',
      status: 'pending',
      amount: order.payable,
      currency: 'USD',
    });
    // The sandbox emits the rail's real KHQR: the payer's app reads the payable, our bill number
    // and the 10-minute expiry from it (checked at the app's clock, as the payer's app would).
    const expiresAt = new Date(BOOKING_NOW.getTime() + 10 * 60_000);
    expect(atInstant(BOOKING_NOW, () => bakong.BakongKHQR.verify(attempt.payload).isValid)).toBe(true);
    expect(bakong.BakongKHQR.decode(attempt.payload).data).toMatchObject({
      transactionAmount: toDecimalString(money(order.payable, 'USD')),
      transactionCurrency: '840',
      billNumber: attempt.billNumber,
      expirationTimestamp: String(expiresAt.getTime()),
    });
    expect(attempt.billNumber).toMatch(/^[A-Z0-9]{20}$/);
    expect(attempt.payeeName).toBe(SANDBOX_PAYEES.KHQR_MERCHANT_NAME);
    expect(attempt.expiresAt).toBe(expiresAt.toISOString());
    const current = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.id}/payments/current`,
      token: customer.token,
    });
    expect(current.json().data).toEqual(attempt);
    const again = await payOrder(app, customer.token, order.id, 'khqr');
    expect(again.json().data.id).toBe(attempt.id);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
  });

  it("refuses a rail that cannot take the order's currency, and cash where the city does not allow it", async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    for (const method of ['promptpay', 'vietqr', 'cash']) {
      const response = await payOrder(app, customer.token, order.id, method);
      expect(response.json().code).toBe(ERROR_CODES.paymentMethodUnavailable.code);
    }
    const bad = await payOrder(app, customer.token, order.id, 'bitcoin');
    expect(bad.json().code).toBe(ERROR_CODES.validationFailed.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
  });

  it('lets cash pay where the city switched it on: the order proceeds, no money moves', async () => {
    const { city, customer, order } = await bookUnpaidOrder(app, database);
    await database.db.execute(
      sql`insert into payment_city_settings (city_id, settings) values (${city.id}, '{"isCashAllowed": true}'::jsonb)`,
    );
    const response = await payOrder(app, customer.token, order.id, 'cash');
    expect(response.json().data).toMatchObject({ method: 'cash', status: 'pending' });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await escrowOf(order.id)).toBe(0);
  });
});
