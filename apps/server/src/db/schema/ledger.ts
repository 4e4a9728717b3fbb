import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (issue #14, decision 037). Entries and postings are append-only (the
 * database refuses UPDATE and DELETE), every entry's postings sum to zero per currency (checked by
 * the database at commit), and an account's `balance` is kept equal to the sum of its postings by a
 * trigger on posting insert — the only way it ever changes. Accounts that hold money for someone
 * cannot go below zero (a CHECK on the balance, so concurrent payments are serialised by the row
 * lock and the last one is refused, never a negative wallet).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    ownerKind: text('owner_kind').notNull(),
    /** 0 for the platform's own accounts. */
    ownerId: integer('owner_id').notNull(),
    purpose: text('purpose').notNull(),
    /** The payment rail of a clearing account; '' for every other purpose. */
    rail: text('rail').notNull().default(''),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    mayGoNegative: boolean('may_go_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_identity').on(
      table.ownerKind,
      table.ownerId,
      table.purpose,
      table.rail,
      table.currency,
    ),
    // The target of the postings' (account, currency) key: a posting is always in its account's currency.
    unique('ledger_accounts_id_currency').on(table.id, table.currency),
    check('ledger_accounts_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    // Keep in step with NEGATIVE_ALLOWED_PURPOSES (packages/shared/src/ledger/ledger-accounts.ts; a test compares).
    check(
      'ledger_accounts_negative_by_purpose',
      sql`${table.mayGoNegative} = (${table.purpose} in ('providerOwes', 'couponExpense', 'railClearing'))`,
    ),
    check('ledger_accounts_balance_not_negative', sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The business event this entry records, e.g. `order:12:payment:3`: each is booked once. */
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    /** Who caused it (the customer, a staff member); null for the system. */
    actorUserId: integer('actor_user_id'),
    memo: text('memo').notNull().default(''),
    /** A correction: the entry this one reverses (each at most once). */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ledger_entries_event_key').on(table.eventKey),
    uniqueIndex('ledger_entries_reverses').on(table.reversesEntryId),
    index('ledger_entries_order').on(table.orderId, table.id).where(sql`${table.orderId} is not null`),
    foreignKey({ columns: [table.reversesEntryId], foreignColumns: [table.id] }),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: integer('account_id').notNull(),
    currency: text('currency').notNull(),
    /** Money into the account (negative: out of it), in the currency's minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.accountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
      name: 'ledger_postings_account_currency',
    }),
    check('ledger_postings_amount_not_zero', sql`${table.amount} <> 0`),
    index('ledger_postings_entry').on(table.entryId),
    index('ledger_postings_account').on(table.accountId, table.id),
  ],
);
