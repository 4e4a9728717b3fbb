import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { therapists } from './catalog';
import { cities } from './geo';
import { users } from './identity';
import { ledgerEntries } from './ledger';

/**
 * A provider's payout accounts (spec entity "Withdrawal account"; decision 044): savings accounts
 * only. Removing one keeps the row (`deleted_at`) because past withdrawals point at it.
 */
export const withdrawalAccounts = pgTable(
  'withdrawal_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    accountType: text('account_type').notNull().default('savings'),
    payeeName: text('payee_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    cardImageKey: text('card_image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawal_accounts_user').on(table.userId, table.id),
    check('withdrawal_accounts_method', sql`${table.method} in ('bank', 'eWallet')`),
    check('withdrawal_accounts_savings_only', sql`${table.accountType} = 'savings'`),
  ],
);

/**
 * One request to be paid out. The amount and fee are held in the ledger (`hold_entry_id`) from the
 * moment it is made; the account is copied so a later edit or removal does not rewrite history.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => withdrawalAccounts.id),
    account: jsonb('account')
      .$type<{ method: string; payeeName: string; accountNumber: string; bankName: string }>()
      .notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    holdEntryId: integer('hold_entry_id').references(() => ledgerEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('withdrawals_user').on(table.userId, table.id),
    index('withdrawals_status').on(table.status, table.id),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
    check('withdrawals_fee_not_negative', sql`${table.fee} >= 0`),
    check('withdrawals_status', sql`${table.status} in ('pending', 'processing', 'success', 'failed')`),
  ],
);

/** Every staff action on a withdrawal: who, when, what, why, from which status to which. */
export const withdrawalStaffAudit = pgTable(
  'withdrawal_staff_audit',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('withdrawal_staff_audit_withdrawal').on(table.withdrawalId, table.id)],
);

/** Per-city withdrawal settings (`@sabai/shared/payments/withdrawals.schemas`): only what a city changes. */
export const withdrawalCitySettings = pgTable('withdrawal_city_settings', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id),
  settings: jsonb('settings').notNull().default({}),
});
