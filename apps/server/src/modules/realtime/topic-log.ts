import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
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

/** The per-topic sequence and event log in PostgreSQL (decision 016): shared by every server process. */
export function createTopicLog(db: Db) {
  return {
    /**
     * Logs the event under each topic's next sequence number, all topics in one statement (an
     * order's event goes to three; the statement took the place of a transaction of eleven, the
     * largest share of an order's round trips: decision 065); the same outbox event keeps its first
     * numbers. Topics are locked in sorted order (the insert takes its rows in the order given), so
     * two processes never wait on each other.
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
      const wanted = sql.join(
        topics.map((topic) => sql`${topic}`),
        sql`, `,
      );
      const logged = await queryRows<{ topic: string; seq: number }>(
        db,
        sql`with wanted (topic) as (select unnest(array[${wanted}]::text[])),
          earlier as (
            select e.topic, e.seq from realtime_events e
            where e.outbox_event_id = ${outboxEventId}::bigint and e.topic in (select topic from wanted)
          ),
          counters as (
            insert into realtime_topics (topic, last_seq)
            select topic, 1 from wanted where topic not in (select topic from earlier) order by topic
            on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
            returning topic, last_seq
          ),
          logged as (
            insert into realtime_events (topic, seq, type, payload, outbox_event_id, created_at)
            select topic, last_seq, ${event.type}, ${payload}::jsonb, ${outboxEventId}::bigint,
              ${now.toISOString()}::timestamptz
            from counters
            returning topic, seq
          )
        select topic, seq from earlier union all select topic, seq from logged`,
        { seq: 'number' },
      );
      return logged.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
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
