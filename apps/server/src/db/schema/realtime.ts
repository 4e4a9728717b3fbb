import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Each topic's latest sequence number, bumped in the transaction that logs the topic's next event. */
export const realtimeTopics = pgTable('realtime_topics', {
  topic: text('topic').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * The events published on each topic, by sequence number, so a client that reconnects asks for
 * what came after the last one it saw, from whichever server process it reaches (decision 016).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    topic: text('topic').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload'),
    /** The outbox event it came from: a second dispatch of that event logs nothing new. */
    outboxEventId: bigint('outbox_event_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.topic, table.seq] }),
    uniqueIndex('realtime_events_outbox_event')
      .on(table.topic, table.outboxEventId)
      .where(sql`outbox_event_id is not null`),
    index('realtime_events_created').on(table.createdAt),
  ],
);
