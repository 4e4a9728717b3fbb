import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A help-centre article (issue #16 item 4, decision 054). `seedKey` names the articles every
 * installation starts with, so the reference seed adds each once and never overwrites staff edits.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    seedKey: text('seed_key').unique(),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(100),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('help_articles_listing').on(table.isPublished, table.category, table.sortOrder),
    check(
      'help_articles_category_known',
      sql`${table.category} in ('booking', 'payment', 'cancellation', 'safety', 'therapists', 'account')`,
    ),
  ],
);

/** An article's title and body in one language; English always exists (the fallback). */
export const helpArticleTexts = pgTable(
  'help_article_texts',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.language] }),
    check(
      'help_article_texts_language_known',
      sql`${table.language} in ('en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW')`,
    ),
  ],
);

/** Section-wise text of one agreement version in one language. */
export type AgreementTextJson = { title: string; sections: { heading: string; body: string[] }[] };

/**
 * Every published version of the user agreement, privacy policy and order agreement; the current one
 * is the highest version of its kind. Versions are never changed after publication: what a user
 * accepted stays readable.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'user' | 'privacy' | 'order'>().notNull(),
    version: integer('version').notNull(),
    texts: jsonb('texts').$type<Record<string, AgreementTextJson>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Null for the versions the installation starts with. */
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('agreement_versions_kind_version').on(table.kind, table.version),
    check('agreement_versions_kind_known', sql`${table.kind} in ('user', 'privacy', 'order')`),
    check('agreement_versions_version_positive', sql`${table.version} > 0`),
  ],
);

/** A user's acceptance of one agreement version: when, and where (sign-up, an order, the prompt). */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'user' | 'privacy' | 'order'>().notNull(),
    version: integer('version').notNull(),
    context: text('context').$type<'signUp' | 'order' | 'prompt'>().notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.version] }),
    check('agreement_acceptances_context_known', sql`${table.context} in ('signUp', 'order', 'prompt')`),
  ],
);

/** Every staff action on help articles and agreements: who, when, the row before and after. */
export const helpStaffAudit = pgTable(
  'help_staff_audit',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').$type<'article' | 'agreement'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    staffId: integer('staff_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('help_staff_audit_subject').on(table.subject, table.subjectId, table.at),
    check('help_staff_audit_subject_known', sql`${table.subject} in ('article', 'agreement')`),
  ],
);
