import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
     * Logs the event under each topic's next sequence number, all topics in one transaction (an
     * order's event goes to three: one commit instead of three); the same outbox event keeps its
     * first numbers. Topics are locked in sorted order, so two processes never wait on each other.
     */
    async append(
      event: { topics: readonly string[]; type: string; payload: unknown; outboxEventId?: number },
      now: Date,
    ): Promise<{ topic: string; seq: number }[]> {
      const topics = [...new Set(event.topics)].sort();
      if (!topics.length) return [];
      return db.transaction(async (tx) => {
        const logged: { topic: string; seq: number }[] = [];
        for (const topic of topics) {
          if (event.outboxEventId !== undefined) {
            const [earlier] = await tx
              .select({ seq: realtimeEvents.seq })
              .from(realtimeEvents)
              .where(
                and(eq(realtimeEvents.topic, topic), eq(realtimeEvents.outboxEventId, event.outboxEventId)),
              );
            if (earlier) {
              logged.push({ topic, seq: earlier.seq });
              continue;
            }
          }
          // The counter row's lock orders concurrent appends to one topic, in any process.
          const [counter] = await tx
            .insert(realtimeTopics)
            .values({ topic, lastSeq: 1 })
            .onConflictDoUpdate({
              target: realtimeTopics.topic,
              set: { lastSeq: sql`${realtimeTopics.lastSeq} + 1` },
            })
            .returning({ seq: realtimeTopics.lastSeq });
          const seq = (counter as { seq: number }).seq;
          await tx.insert(realtimeEvents).values({
            topic,
            seq,
            type: event.type,
            payload: event.payload ?? null,
            outboxEventId: event.outboxEventId ?? null,
            createdAt: now,
          });
          logged.push({ topic, seq });
        }
        return logged;
      });
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
