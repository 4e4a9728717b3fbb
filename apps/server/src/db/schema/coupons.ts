import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { cities } from './geo';
import { users } from './identity';

/**
 * Redeem-code batches (decision 043): made by staff, each row is also the batch's audit (who,
 * when, why). The codes themselves are shown once; only their SHA-256 hashes are kept.
 */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    percentBasisPoints: integer('percent_basis_points').notNull().default(0),
    capAmount: bigint('cap_amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    minimumAmount: bigint('minimum_amount', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    codeCount: integer('code_count').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('coupon_batches_kind', sql`${table.kind} in ('amount', 'percent')`),
    check('coupon_batches_window', sql`${table.validUntil} > ${table.validFrom}`),
  ],
);

/** One row per code (by hash): a code becomes at most one coupon, enforced by the coupon's unique hash. */
export const couponCodes = pgTable('coupon_codes', {
  codeHash: text('code_hash').primaryKey(),
  batchId: integer('batch_id')
    .notNull()
    .references(() => couponBatches.id),
});

/**
 * A user's coupon. `status` stores only unused/used; "expired" is an unused coupon whose window
 * ended, derived on every read so it can never drift. `code_hash` is unique: a code is usable once,
 * whichever of two concurrent redemptions commits first.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    batchId: integer('batch_id').references(() => couponBatches.id),
    codeHash: text('code_hash').unique('coupons_code_once'),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    percentBasisPoints: integer('percent_basis_points').notNull().default(0),
    capAmount: bigint('cap_amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    minimumAmount: bigint('minimum_amount', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('unused'),
    orderId: integer('order_id').references(() => orders.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('coupons_user').on(table.userId, table.status, table.validUntil),
    index('coupons_order').on(table.orderId),
    check('coupons_kind', sql`${table.kind} in ('amount', 'percent')`),
    check('coupons_status', sql`${table.status} in ('unused', 'used')`),
    check('coupons_used_has_order', sql`(${table.status} = 'used') = (${table.orderId} is not null)`),
  ],
);

/**
 * VIP annual card purchases (decision 043): one row per purchase, each extending the membership
 * from where it stood. A user is a member while some row's window holds "now"; nothing else
 * stores it.
 */
export const vipMemberships = pgTable(
  'vip_memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The payment that bought it (a wallet purchase's id; other routes name their own). */
    purchaseKey: text('purchase_key').notNull().unique('vip_memberships_purchase_once'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** What was paid and where (0 and '' for a membership granted without a price). */
    cityId: integer('city_id').references(() => cities.id),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('vip_memberships_user_end').on(table.userId, table.endsAt),
    check('vip_memberships_window', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Per-city VIP settings (price): only what a city changes; the default price follows the currency. */
export const vipCitySettings = pgTable('vip_city_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id),
  settings: jsonb('settings').notNull().default({}),
});

/**
 * A VIP purchase paid through a rail (decision 051): the subject of a `vip` payment attempt. The
 * price and its VAT are fixed when the QR is made; the membership is granted once, when the
 * provider's confirmation is applied.
 */
export const vipPurchaseRequests = pgTable(
  'vip_purchase_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('vip_purchase_requests_user').on(table.userId, table.id),
    check('vip_purchase_requests_price_positive', sql`${table.price} > 0 and ${table.vat} >= 0`),
    check('vip_purchase_requests_status', sql`${table.status} in ('pending', 'paid')`),
  ],
);
