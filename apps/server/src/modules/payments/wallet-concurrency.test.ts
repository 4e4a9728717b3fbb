import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

const CUSTOMERS = 4;
const ORDERS_EACH = 4;
/** Each wallet holds enough for two orders and a bit: the other two payments must be refused. */
const AFFORDABLE = 2;

describe('parallel wallet payments', () => {
  it('never make a balance negative and never lose or create a cent', async () => {
    const customers = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const customer = await registerUser(app);
      const orders = [];
      for (let n = 0; n < ORDERS_EACH; n += 1)
        orders.push((await bookUnpaidOrder(app, database, customer)).order);
      const funded = (orders[0]?.payable ?? 0) * AFFORDABLE + 7;
      await fundWallet(database, clock, customer.user.id, funded);
      customers.push({ customer, orders, funded });
    }
    const payable = customers[0]?.orders[0]?.payable ?? 0;
    expect(payable).toBeGreaterThan(0);

    // Every order paid at once, each twice with different keys (a double tap on two devices).
    const attempts = customers.flatMap(({ customer, orders }) =>
      orders.flatMap((order) => [0, 1].map(() => ({ customer, order }))),
    );
    const answers = await Promise.all(
      attempts.map(({ customer, order }) => payOrder(app, customer.token, order.id, 'wallet')),
    );
    const codes = answers.map((answer) => answer.json().code as number);
    expect(
      codes.every((code) =>
        [0, ERROR_CODES.insufficientBalance.code, ERROR_CODES.orderNotPayable.code].includes(code),
      ),
    ).toBe(true);
    expect(codes.filter((code) => code === 0)).toHaveLength(CUSTOMERS * AFFORDABLE);

    for (const { customer, orders, funded } of customers) {
      const wallet = await call(app, { method: 'GET', url: '/app/wallet', token: customer.token });
      const balance = wallet.json().data.balances[0].amount as number;
      expect(balance).toBe(funded - AFFORDABLE * payable);
      const [escrow] = await queryRows<{ total: string }>(
        database.db,
        sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts
            where owner_kind = 'order' and purpose = 'orderEscrow'
            and owner_id in (${sql.join(
              orders.map((order) => sql`${order.id}`),
              sql`, `,
            )})`,
      );
      // What left the wallet is exactly what the escrows hold.
      expect(Number(escrow?.total) + balance).toBe(funded);
      const paidOrders = await queryRows<{ count: string }>(
        database.db,
        sql`select count(*)::text as count from payment_attempts where status = 'succeeded'
            and customer_id = ${customer.user.id}`,
      );
      expect(paidOrders[0]?.count).toBe(String(AFFORDABLE));
    }
    const [negative] = await queryRows<{ count: string }>(
      database.db,
      sql`select count(*)::text as count from ledger_accounts where not may_go_negative and balance < 0`,
    );
    expect(negative?.count).toBe('0');
  }, 60_000);
});
