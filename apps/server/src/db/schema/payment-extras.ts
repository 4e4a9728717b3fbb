import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { users } from './identity';

/**
 * Tips (issue #14 item 5, decision 045): a customer's thanks after a completed order, paid like
 * anything else and booked 100 % to the provider's `tips` account. An order may receive more than
 * one; each is its own subject of payment, `pending` until its attempt succeeds.
 */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('tips_order').on(table.orderId, table.id),
    check('tips_amount_positive', sql`${table.amount} > 0`),
    check('tips_status', sql`${table.status} in ('pending', 'paid')`),
  ],
);

/** Wallet top-ups (issue #14 item 8): paid through a rail, credited to the wallet once confirmed. */
export const walletTopUps = pgTable(
  'wallet_top_ups',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('wallet_top_ups_customer').on(table.customerId, table.id),
    check('wallet_top_ups_amount_positive', sql`${table.amount} > 0`),
    check('wallet_top_ups_status', sql`${table.status} in ('pending', 'paid')`),
  ],
);
