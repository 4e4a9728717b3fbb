import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { users } from './identity';

/**
 * A customer's feedback (issue #16 item 3, decision 053): type, description, contact, images and
 * optionally one of their orders; customer service moves it pending → processing → handled → closed.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the customer's own orders, when they linked one; the feedback outlives the order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    contact: text('contact').notNull().default(''),
    imageKeys: text('image_keys').array().notNull().default(sql`'{}'::text[]`),
    status: text('status')
      .$type<'pending' | 'processing' | 'handled' | 'closed'>()
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last reply or status change: lists show the most recently active first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('feedback_customer').on(table.customerId, table.createdAt.desc()),
    index('feedback_status').on(table.status, table.createdAt),
    check('feedback_status_known', sql`${table.status} in ('pending', 'processing', 'handled', 'closed')`),
    check('feedback_images_limit', sql`cardinality(${table.imageKeys}) <= 4`),
    check('feedback_description_present', sql`length(${table.description}) > 0`),
  ],
);

/** The thread under a feedback: the customer's and customer service's replies, oldest first. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'staff'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('feedback_replies_feedback').on(table.feedbackId, table.id),
    check('feedback_replies_author_known', sql`${table.author} in ('customer', 'staff')`),
    check('feedback_replies_text_present', sql`length(${table.text}) > 0`),
  ],
);
