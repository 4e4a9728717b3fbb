import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { findLedgerViolations } from '../ledger';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

const WALLETS = 100;
const ORDERS_EACH = 10;
/** Each wallet holds enough for this many of its orders and a few cents: the rest must be refused. */
const AFFORDABLE = 4;

/**
 * Issue #14: a thousand wallet payments at once, ten from each of a hundred wallets. One order per
 * customer is booked through the app; its nine siblings are copies of that row a day apart each
 * (booking a thousand orders one by one would take minutes, and booking is not what is tested).
 */
async function customersWithOrders() {
  const customers = [];
  for (let index = 0; index < WALLETS; index += 1) {
    const { customer, order } = await bookUnpaidOrder(app, database);
    const copies = await queryRows<{ id: number }>(
      database.db,
      sql`insert into orders (order_number, kind, customer_id, therapist_id, project_id, city_id, clocks,
          duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode, travel_minutes, distance_metres,
          address, contact_name, contact_phone, quote, currency, payable, status, created_at, updated_at)
        select o.order_number || '-' || d, o.kind, o.customer_id, o.therapist_id, o.project_id, o.city_id, o.clocks,
          o.duration_minutes, o.starts_at + d * interval '1 day', o.ends_at + d * interval '1 day',
          o.busy_start + d * interval '1 day', o.busy_end + d * interval '1 day', o.travel_mode, o.travel_minutes,
          o.distance_metres, o.address, o.contact_name, o.contact_phone, o.quote, o.currency, o.payable, o.status,
          o.created_at, o.updated_at
        from orders o cross join generate_series(1, ${ORDERS_EACH - 1}) d
        where o.id = ${order.id}
        returning id`,
    );
    const orderIds = [order.id, ...copies.map((row) => row.id)];
    const funded = order.payable * AFFORDABLE + 7;
    await fundWallet(database, clock, customer.user.id, funded);
    customers.push({ customer, orderIds, funded, payable: order.payable });
  }
  return customers;
}

async function walletTotal(userIds: number[]) {
  const [row] = await queryRows<{ total: string }>(
    database.db,
    sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts
        where owner_kind = 'user' and purpose = 'customerWallet' and owner_id = any(${`{${userIds.join(',')}}`}::int[])`,
  );
  return Number(row?.total);
}

describe('a thousand wallet payments at once', () => {
  // A hundred bookings and a thousand requests take minutes on a busy shared machine (the time is not
  // what is tested), hence the long timeout.
  it('never make a balance negative and never lose or create a cent', async () => {
    const customers = await customersWithOrders();
    const userIds = customers.map(({ customer }) => customer.user.id);
    const funded = customers.reduce((sum, c) => sum + c.funded, 0);
    expect(await walletTotal(userIds)).toBe(funded);

    // Interleaved, so every wallet is paid from many callers at the same time.
    const attempts = [];
    for (let n = 0; n < ORDERS_EACH; n += 1)
      for (const { customer, orderIds } of customers)
        attempts.push({ token: customer.token, orderId: orderIds[n] as number });
    expect(attempts).toHaveLength(1_000);
    const answers = await Promise.all(
      attempts.map(({ token, orderId }) => payOrder(app, token, orderId, 'wallet')),
    );
    const codes = answers.map((answer) => answer.json().code as number);
    expect(codes.filter((code) => code !== 0 && code !== ERROR_CODES.insufficientBalance.code)).toEqual([]);
    expect(codes.filter((code) => code === 0)).toHaveLength(WALLETS * AFFORDABLE);

    expect(await findLedgerViolations(database.db)).toEqual([]);
    for (const { customer, orderIds, funded: own, payable } of customers) {
      const rows = await queryRows<{ wallet: string; escrow: string; paid: string; succeeded: string }>(
        database.db,
        sql`select
            (select balance::text from ledger_accounts where owner_kind = 'user' and purpose = 'customerWallet'
              and owner_id = ${customer.user.id}) as wallet,
            (select coalesce(sum(balance), 0)::text from ledger_accounts where owner_kind = 'order'
              and purpose = 'orderEscrow' and owner_id = any(${`{${orderIds.join(',')}}`}::int[])) as escrow,
            (select count(*)::text from orders where id = any(${`{${orderIds.join(',')}}`}::int[])
              and status <> ${10}) as paid,
            (select count(*)::text from payment_attempts where customer_id = ${customer.user.id}
              and status = 'succeeded') as succeeded`,
      );
      const row = rows[0];
      // Exactly the affordable orders were paid; what left the wallet is exactly what their escrows hold.
      expect(Number(row?.wallet)).toBe(own - AFFORDABLE * payable);
      expect(Number(row?.escrow)).toBe(AFFORDABLE * payable);
      expect(Number(row?.paid)).toBe(AFFORDABLE);
      expect(Number(row?.succeeded)).toBe(AFFORDABLE);
    }
    // Nothing was created or lost: wallets and escrows together hold what was put in.
    const [escrowTotal] = await queryRows<{ total: string }>(
      database.db,
      sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where purpose = 'orderEscrow'`,
    );
    expect((await walletTotal(userIds)) + Number(escrowTotal?.total)).toBe(funded);
  }, 300_000);
});
