import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { cities } from './geo';

/**
 * Payment attempts (issue #14, decision 039): one row per try at paying an order through a rail.
 * The amount is the order's payable when the attempt was made. At most one attempt per order ever
 * succeeds (a partial unique index), so a second confirmation can never pay an order twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id').notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference').notNull(),
    payload: text('payload').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_attempts_order').on(table.orderId, table.id),
    uniqueIndex('payment_attempts_reference').on(table.method, table.providerReference),
    uniqueIndex('payment_attempts_one_success').on(table.orderId).where(sql`${table.status} = 'succeeded'`),
    check('payment_attempts_amount_positive', sql`${table.amount} > 0`),
    check('payment_attempts_status', sql`${table.status} in ('pending', 'succeeded', 'failed', 'expired')`),
  ],
);

/** Each provider's webhook event is applied once: its id is stored in the applying transaction. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Refunds to the original route: one per order (the settlement's refund), so a retried job
 * refunds once. `status` is `refunding` until the rail's refund is confirmed, then `refunded`.
 */
export const paymentRefunds = pgTable('payment_refunds', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  attemptId: integer('attempt_id')
    .notNull()
    .references(() => paymentAttempts.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  providerReference: text('provider_reference').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Per-city payment settings (`@sabai/shared/payments/payment-settings`): only what a city changes. */
export const paymentCitySettings = pgTable('payment_city_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id),
  settings: jsonb('settings').notNull().default({}),
});
