import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { reviews } from './catalog';
import { users } from './identity';

/**
 * A customer's complaint about one of their orders (issue #16 item 2, decision 049): pending until
 * customer service handles or rejects it with a reply the customer reads.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageKeys: text('image_keys').array().notNull(),
    status: text('status').$type<'pending' | 'handled' | 'rejected'>().notNull().default('pending'),
    reply: text('reply'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('complaints_customer').on(table.customerId, table.createdAt.desc()),
    index('complaints_status').on(table.status, table.createdAt),
    check('complaints_status_known', sql`${table.status} in ('pending', 'handled', 'rejected')`),
    check('complaints_has_image', sql`cardinality(${table.imageKeys}) between 1 and 6`),
    check(
      'complaints_decision_has_reply',
      sql`${table.status} = 'pending' or (${table.reply} is not null and ${table.decidedAt} is not null)`,
    ),
  ],
);

/**
 * Every staff action on a review, a complaint or a feedback (decision 053): who, when, why, the row
 * before and after.
 */
export const careStaffAudit = pgTable(
  'care_staff_audit',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').$type<'review' | 'complaint' | 'feedback'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    staffId: integer('staff_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('care_staff_audit_subject').on(table.subject, table.subjectId, table.at),
    check('care_staff_audit_subject_known', sql`${table.subject} in ('review', 'complaint', 'feedback')`),
  ],
);

/**
 * A review's translation into one reader language (decision 058), cached per language. `sourceDigest`
 * is a hash of the text and reply it was made from: an edited review or a new reply no longer
 * matches, and is translated afresh.
 */
export const reviewTranslations = pgTable(
  'review_translations',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    sourceDigest: text('source_digest').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    sourceLanguage: text('source_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.language] })],
);
