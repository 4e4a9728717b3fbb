import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, namedStatement, queryRows } from '../../db/client';
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

/**
 * `append` for a batch of outbox events in ONE statement (decision 080), its text written once: `$1`
 * is the events as a JSON array of `{ id, type, payload, topics }`, `$2` the time. A topic heard by
 * several events of the batch is bumped once by their count, and they take its new numbers in id
 * order; an event (by outbox id) keeps the numbers an earlier dispatch logged for it, as `append`.
 * Counters are bumped in sorted order and stay locked until the statement commits.
 */
const APPEND_BATCH = `with wanted as (
    select distinct x.id, t.topic
    from jsonb_to_recordset($1::jsonb) as x(id bigint, topics text[])
    cross join lateral unnest(x.topics) as t(topic)
  ),
  earlier as (
    select e.outbox_event_id as id, e.topic, e.seq from realtime_events e
    join wanted w on e.topic = w.topic and e.outbox_event_id = w.id
  ),
  fresh as (
    select w.id, w.topic from wanted w
    where not exists (select 1 from earlier x where x.id = w.id and x.topic = w.topic)
  ),
  counts as (select topic, count(*)::bigint as n from fresh group by topic),
  bumped as (
    insert into realtime_topics (topic, last_seq)
    select topic, n from counts order by topic
    on conflict (topic) do update set last_seq = realtime_topics.last_seq + excluded.last_seq
    returning topic, last_seq
  ),
  numbered as (
    select f.id, f.topic, b.last_seq - c.n + row_number() over (partition by f.topic order by f.id) as seq
    from fresh f join counts c on c.topic = f.topic join bumped b on b.topic = f.topic
  ),
  logged as (
    insert into realtime_events (topic, seq, type, payload, outbox_event_id, created_at)
    select n.topic, n.seq, x.type, x.payload, n.id, $2::timestamptz
    from numbered n
    join jsonb_to_recordset($1::jsonb) as x(id bigint, type text, payload jsonb) on x.id = n.id
  )
  select id, topic, seq from earlier union all select id, topic, seq from numbered`;

/** The per-topic sequence and event log in PostgreSQL (decision 016): shared by every server process. */
export function createTopicLog(db: Db) {
  const appendBatchStatement = namedStatement(db, 'realtime_append_batch', APPEND_BATCH);
  return {
    /**
     * `append` for several outbox events at once, in one statement (decision 080): answers each
     * event's numbers (by outbox id), topics in sorted order; an event without topics has none.
     */
    async appendBatch(
      events: readonly { id: number; type: string; payload: unknown; topics: readonly string[] }[],
      now: Date,
    ): Promise<Map<number, { topic: string; seq: number }[]>> {
      const numbers = new Map<number, { topic: string; seq: number }[]>();
      const withTopics = events.filter((event) => event.topics.length);
      if (!withTopics.length) return numbers;
      const rows = await appendBatchStatement<{ id: string | number; topic: string; seq: string | number }>([
        JSON.stringify(
          withTopics.map((event) => ({
            id: event.id,
            type: event.type,
            payload: event.payload ?? null,
            topics: event.topics,
          })),
        ),
        now.toISOString(),
      ]);
      for (const row of rows) {
        const id = Number(row.id);
        const list = numbers.get(id) ?? [];
        list.push({ topic: row.topic, seq: Number(row.seq) });
        numbers.set(id, list);
      }
      for (const list of numbers.values())
        list.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
      return numbers;
    },

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
