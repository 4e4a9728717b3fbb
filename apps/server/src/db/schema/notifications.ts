import { sql } from 'drizzle-orm';
import {
  check,
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

/** The text of one announcement in one language. */
export interface AnnouncementText {
  title: string;
  body: string;
}

/**
 * System announcements staff publish to everyone (decision 056): the text per language (English
 * always, the others when written), copied as one notification per user when published.
 */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  texts: jsonb('texts').$type<Record<string, AnnouncementText>>().notNull(),
  publishedBy: integer('published_by')
    .notNull()
    .references(() => users.id),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** Every staff action on announcements: who, when, what (decision 056). */
export const announcementStaffAudit = pgTable(
  'announcement_staff_audit',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull(),
    action: text('action').$type<'publish'>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('announcement_staff_audit_announcement').on(table.announcementId, table.at)],
);

/**
 * A browser's Web Push subscription (decision 056): where to post, the keys to encrypt for, and the
 * language the user had when subscribing (pushes are written before anyone reads them).
 * An endpoint belongs to one browser, so to one user at a time: subscribing again moves it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when a push service last accepted a message for it. */
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint').on(table.endpoint),
    index('push_subscriptions_user').on(table.userId),
    check('push_subscriptions_endpoint_length', sql`length(${table.endpoint}) <= 1024`),
  ],
);

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
    /** A system announcement's copy for this recipient (decision 056); its text is the announcement's. */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
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
    index('notifications_recipient_type').on(table.recipientId, table.pushType, table.id),
    index('notifications_recipient_unread').on(table.recipientId).where(sql`${table.readAt} is null`),
  ],
);
