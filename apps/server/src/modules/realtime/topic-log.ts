import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { realtimeEvents, realtimeTopics } from '../../db/schema';

/** Kept this long for clients that reconnect; older gaps make the client reload over HTTP. */
export const TOPIC_LOG_RETENTION_MS = 3 * 24 * 60 * 60_000;

export interface LoggedEvent {
  topic: string;
  seq: number;
  type: string;
  payload: unknown;
}

/**
 * `appendWithOutboxRow`'s work as CTEs of a larger statement written once (decision 074): logs the
 * new outbox row (the CTE named `outboxRow`: `id`, `event_type`, `payload`, `topics`, `created_at`)
 * under each of its topics' next number. The counters are bumped in sorted order and stay locked
 * until the statement commits, as with `append`; the new numbers are the CTE `topic_numbers`
 * (`topic`, `seq`).
 */
export function topicAppendCtes(outboxRow: string): string {
  return `topic_wanted as (select distinct unnest(topics) as topic from ${outboxRow}),
    topic_numbers as (
      insert into realtime_topics (topic, last_seq)
      select topic, 1 from topic_wanted order by topic
      on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
      returning topic, last_seq as seq
    ),
    topic_logged as (
      insert into realtime_events (topic, seq, type, payload, outbox_event_id, created_at)
      select n.topic, n.seq, o.event_type, o.payload, o.id, o.created_at from topic_numbers n cross join ${outboxRow} o
    )`;
}
export const TOPIC_APPEND_ANSWER = 'topic_numbers';

/** The per-topic sequence and event log in PostgreSQL (decision 016): shared by every server process. */
export function createTopicLog(db: Db) {
  return {
    /**
     * Logs the event under each topic's next sequence number, all topics in one statement (an
     * order's event goes to three: one round trip instead of a transaction of eight); the same
     * outbox event keeps its first numbers. Topics are bumped in sorted order, so two processes
     * never wait on each other.
     */
    async append(
      event: { topics: readonly string[]; type: string; payload: unknown; outboxEventId?: number },
      now: Date,
    ): Promise<{ topic: string; seq: number }[]> {
      const topics = [...new Set(event.topics)].sort();
      if (!topics.length) return [];
      const outboxEventId = event.outboxEventId ?? null;
      const payload =
        event.payload === undefined || event.payload === null ? null : JSON.stringify(event.payload);
      // `earlier`: the numbers a previous dispatch of this outbox event logged (none without one).
      // The counter row's lock (the upsert) orders concurrent appends to one topic, in any process.
      const rows = await queryRows<{ topic: string; seq: number }>(
        db,
        sql`with wanted as (
              select value as topic from jsonb_array_elements_text(${JSON.stringify(topics)}::jsonb)
            ),
            earlier as (
              select e.topic, e.seq from realtime_events e
              where ${outboxEventId}::bigint is not null and e.outbox_event_id = ${outboxEventId}::bigint
                and e.topic in (select topic from wanted)
            ),
            bumped as (
              insert into realtime_topics (topic, last_seq)
              select topic, 1 from wanted where topic not in (select topic from earlier) order by topic
              on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
              returning topic, last_seq as seq
            ),
            logged as (
              insert into realtime_events (topic, seq, type, payload, outbox_event_id, created_at)
              select topic, seq, ${event.type}, ${payload}::jsonb, ${outboxEventId}::bigint,
                ${now.toISOString()}::timestamptz
              from bumped
            )
            select topic, seq from earlier union all select topic, seq from bumped`,
        { seq: 'number' },
      );
      return rows.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
    },

    /**
     * `append` for a new outbox event whose row is written in the same statement (decision 066,
     * follow-up: one round trip instead of two in a chat send): `insertOutboxRow` is its
     * `(insert … returning id)`, parenthesised as drizzle embeds a query. Run in the writer's transaction: the counters stay locked until it
     * ends, as with `append`. Answers the new event's id and its numbers, topics in sorted order.
     */
    async appendWithOutboxRow(
      event: { topics: readonly string[]; type: string; payload: unknown },
      now: Date,
      executor: Db,
      insertOutboxRow: SQL,
    ): Promise<{ outboxEventId: number; logged: { topic: string; seq: number }[] }> {
      const topics = [...new Set(event.topics)].sort();
      const payload =
        event.payload === undefined || event.payload === null ? null : JSON.stringify(event.payload);
      // The new row has no earlier numbers; the left join answers its id even with no topics.
      const rows = await queryRows<{ eventId: number; topic: string | null; seq: number | null }>(
        executor,
        sql`with outbox_row as ${insertOutboxRow},
            wanted as (
              select value as topic from jsonb_array_elements_text(${JSON.stringify(topics)}::jsonb)
            ),
            bumped as (
              insert into realtime_topics (topic, last_seq)
              select topic, 1 from wanted order by topic
              on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
              returning topic, last_seq as seq
            ),
            logged as (
              insert into realtime_events (topic, seq, type, payload, outbox_event_id, created_at)
              select topic, seq, ${event.type}, ${payload}::jsonb, (select id from outbox_row),
                ${now.toISOString()}::timestamptz
              from bumped
            )
            select o.id as "eventId", b.topic, b.seq from outbox_row o left join bumped b on true`,
        { eventId: 'number', seq: 'number' },
      );
      const logged = rows
        .filter((row): row is { eventId: number; topic: string; seq: number } => row.topic !== null)
        .map(({ topic, seq }) => ({ topic, seq }))
        .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
      return { outboxEventId: rows[0]?.eventId as number, logged };
    },

    /** The topic's latest sequence number (0 before its first event). */
    async lastSeq(topic: string): Promise<number> {
      const [row] = await db
        .select({ seq: realtimeTopics.lastSeq })
        .from(realtimeTopics)
        .where(eq(realtimeTopics.topic, topic));
      return row?.seq ?? 0;
    },

    /** Up to `limit` events after `seq`, oldest first. */
    async after(topic: string, seq: number, limit: number): Promise<LoggedEvent[]> {
      return db
        .select({
          topic: realtimeEvents.topic,
          seq: realtimeEvents.seq,
          type: realtimeEvents.type,
          payload: realtimeEvents.payload,
        })
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.topic, topic), gt(realtimeEvents.seq, seq)))
        .orderBy(asc(realtimeEvents.seq))
        .limit(limit);
    },
  };
}

export type TopicLog = ReturnType<typeof createTopicLog>;

/** A day-scale sweep: forgets logged events past the retention (the counters stay). */
export async function pruneTopicLog(db: Db, now: Date): Promise<number> {
  const pruned = await db
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, new Date(now.getTime() - TOPIC_LOG_RETENTION_MS)))
    .returning({ seq: realtimeEvents.seq });
  return pruned.length;
}
