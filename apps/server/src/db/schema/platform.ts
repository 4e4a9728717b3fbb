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
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Typed configuration rows read by `GET /app/common/type/:type`. `value` is a JSON document kept as
 * text because the spec's client receives it as a string and parses it (type 3099: {isOpen, link}).
 */
export const appConfigs = pgTable(
  'app_configs',
  {
    type: integer('type').primaryKey(),
    value: text('value').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('app_configs_value_is_json', sql`${table.value}::jsonb is not null`)],
);

/** Published app versions, read by the upgrade check `GET /app/user/selectNewApp?classify=N`. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    classify: integer('classify').notNull(),
    version: text('version').notNull(),
    hwVersion: text('hw_version').notNull().default(''),
    hwWgtUrl: text('hw_wgt_url').notNull().default(''),
    iosVersion: text('ios_version').notNull().default(''),
    iosWgtUrl: text('ios_wgt_url').notNull().default(''),
    androidWgtUrl: text('android_wgt_url').notNull().default(''),
    isForced: boolean('is_forced').notNull().default(false),
    description: text('description').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff withdraw a release (a forced update published by mistake): no longer offered. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    index('app_versions_classify_published').on(table.classify, table.publishedAt),
    check('app_versions_version_dotted', sql`${table.version} ~ '^[0-9]+(\\.[0-9]+)*$'`),
  ],
);

/** Every staff action on an app version: who, when, why, the record before and after. */
export const appVersionAudit = pgTable(
  'app_version_audit',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => appVersions.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    action: text('action').$type<'publish' | 'withdraw'>().notNull(),
    reason: text('reason').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('app_version_audit_version').on(table.versionId, table.at),
    check('app_version_audit_action_known', sql`${table.action} in ('publish', 'withdraw')`),
  ],
);

/** Which one-off data loads (demo data sets) have run, so a restart never loads them twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Answers kept for retried requests that carried an `Idempotency-Key` (http/idempotency.ts). A row is
 * claimed before the handler runs ('in_progress', held until `lockedUntil`), then holds the answer
 * that is replayed for the same key and request until `expiresAt`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `u:<userId>` or `d:<deviceId>`; two callers' keys never meet. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, URL and body: the same key with another request is refused, not replayed. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull().default('in_progress'),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_expires').on(table.expiresAt),
    check('idempotency_keys_state', sql`${table.state} in ('in_progress', 'completed')`),
    check(
      'idempotency_keys_completed_has_answer',
      sql`${table.state} = 'in_progress' or (${table.statusCode} is not null and ${table.body} is not null)`,
    ),
  ],
);
