import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** pending → running → done; a failure goes back to pending (backoff) or, after max attempts, dead. */
export const JOB_STATES = ['pending', 'running', 'done', 'dead', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Deferred work (decision 014): claimed with FOR UPDATE SKIP LOCKED by any server process; a claim
 * holds the job until `locked_until`, after which a crashed worker's job is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** At most one live (pending or running) job per (name, unique key). */
    uniqueKey: text('unique_key'),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_pending_due').on(table.runAt).where(sql`state = 'pending'`),
    index('jobs_running_lease').on(table.lockedUntil).where(sql`state = 'running'`),
    index('jobs_finished').on(table.finishedAt).where(sql`state in ('done', 'cancelled')`),
    uniqueIndex('jobs_live_unique_key')
      .on(table.name, table.uniqueKey)
      .where(sql`unique_key is not null and state in ('pending', 'running')`),
    check('jobs_state_known', sql`${table.state} in ('pending', 'running', 'done', 'dead', 'cancelled')`),
    check('jobs_attempts_bounded', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
  ],
);
