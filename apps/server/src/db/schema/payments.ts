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
 * Payment attempts (issue #14, decisions 039 and 045): one row per try at paying something through
 * a rail. `purpose` says what (the order, an extra on it, a tip, a top-up) and `subject_id` which
 * one (order id, order id, tip id, top-up id); `order_id` is set whenever an order is concerned. At
 * most one attempt per subject ever succeeds (a partial unique index) — except an order's extras,
 * of which there may be several, each checked against what is due in the applying transaction.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    /** `order`, `orderExtra`, `tip` or `topUp` (`@sabai/shared/payments/extras.schemas`). */
    purpose: text('purpose').notNull().default('order'),
    /** Filled from `order_id` for the rows before decision 045 (migration `payment_purposes_backfill`). */
    subjectId: integer('subject_id'),
    customerId: integer('customer_id').notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference').notNull(),
    payload: text('payload').notNull().default(''),
    /** The bill number the QR payload carries, and whom it pays (decision 040). */
    billNumber: text('bill_number'),
    payeeName: text('payee_name'),
    /** When the provider was last asked about this attempt (polled rails: Bakong's KHQR). */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_attempts_order').on(table.orderId, table.id),
    // The sweeps: pending attempts by expiry (expire them, ask the polled providers).
    index('payment_attempts_pending_expiry').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    uniqueIndex('payment_attempts_reference').on(table.method, table.providerReference),
    uniqueIndex('payment_attempts_one_success_per_subject')
      .on(table.purpose, table.subjectId)
      .where(sql`${table.status} = 'succeeded' and ${table.purpose} <> 'orderExtra'`),
    index('payment_attempts_subject').on(table.purpose, table.subjectId, table.id),
    // Decision 051: an order a coupon covers whole is "paid" by a zero wallet attempt, no money moving.
    check(
      'payment_attempts_amount_positive',
      sql`${table.amount} > 0 or (${table.amount} = 0 and ${table.purpose} = 'order' and ${table.method} = 'wallet')`,
    ),
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
 * Refunds (decisions 039, 042): one per order (the settlement's refund), so a retried job refunds
 * once. `processing` while the original route's refund is under way (checked by a job until the
 * provider confirms it, promised by `due_at`); `needsBankDetails` / `awaitingPayout` where the
 * route cannot refund and customer service pays to the customer's bank card; then `refunded`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    route: text('route').notNull().default('original'),
    providerReference: text('provider_reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The staff member who paid a bank-card refund by hand, with the transfer's reference and why. */
    paidOutByUserId: integer('paid_out_by_user_id'),
    payoutReference: text('payout_reference'),
    payoutReason: text('payout_reason'),
  },
  (table) => [
    check(
      'payment_refunds_status',
      sql`${table.status} in ('processing', 'needsBankDetails', 'awaitingPayout', 'refunded')`,
    ),
    check('payment_refunds_route', sql`${table.route} in ('original', 'bankTransfer')`),
    check('payment_refunds_amount', sql`${table.amount} >= 0`),
  ],
);

/**
 * The bank card a customer gave for a refund their payment route cannot make (decision 042).
 * Read only by the order's customer and staff.
 */
export const refundBankDetails = pgTable('refund_bank_details', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  customerId: integer('customer_id').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
});

/** Per-city payment settings (`@sabai/shared/payments/payment-settings`): only what a city changes. */
export const paymentCitySettings = pgTable('payment_city_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id),
  settings: jsonb('settings').notNull().default({}),
});
