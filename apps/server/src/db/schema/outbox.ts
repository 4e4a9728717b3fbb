import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Domain events written in the transaction that caused them, dispatched afterwards at least once and
 * in order per aggregate (decision 015). `topics` are the realtime topics the event is published to.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Not before this (a failed dispatch backs off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Held by a dispatcher until then; a dispatcher that died lets go when it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /**
     * Set (in batches, shortly after) once the writing process ran every handler's after-commit work
     * for a `deliverOnCommit` event: a dispatcher in any process then tells handlers they need not
     * repeat it (decision 066, follow-up). Null after a crash or a failed step: the safety net acts.
     */
    deliveredOnCommitAt: timestamp('delivered_on_commit_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_events_pending_by_aggregate')
      .on(table.aggregateType, table.aggregateId, table.id)
      .where(sql`dispatched_at is null`),
    // The dispatcher's claim walks the undispatched events oldest first and stops at a batch of
    // heads (decision 046): without it, it read the whole backlog on every claim.
    index('outbox_events_pending').on(table.id).where(sql`dispatched_at is null`),
    index('outbox_events_dispatched').on(table.dispatchedAt).where(sql`dispatched_at is not null`),
  ],
);
