import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { users } from './identity';

/**
 * The notification centre's records (decision 029): one per recipient and cause, written from
 * committed domain events. The text is a message key and its parameters, localised when read, so a
 * user who switches language reads every past notification in the new one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's push type (3, 4, 5, 6, 7, 9, 10, 12): what the client does on a click. */
    pushType: smallint('push_type').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The cause and the recipient (`event:<outbox id>:<user id>`): a redelivered event writes nothing new. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_dedupe').on(table.dedupeKey),
    index('notifications_recipient').on(table.recipientId, table.id),
    index('notifications_recipient_unread').on(table.recipientId).where(sql`${table.readAt} is null`),
  ],
);
