import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import { createTopicLog } from './topic-log';

describe('the topic log', async () => {
  const database = await openTestDatabase();
  const log = createTopicLog(database.db);
  const now = new Date('2026-11-24T10:00:00Z');

  it("numbers an event on each of its topics, once per topic, and an outbox event's second dispatch keeps its numbers", async () => {
    const first = await log.append(
      {
        topics: ['user:7', 'order:1', 'user:7', 'user:3'],
        type: 'order.created',
        payload: { orderId: 1 },
        outboxEventId: 101,
      },
      now,
    );
    expect(first).toEqual([
      { topic: 'order:1', seq: 1 },
      { topic: 'user:3', seq: 1 },
      { topic: 'user:7', seq: 1 },
    ]);
    const again = await log.append(
      {
        topics: ['order:1', 'user:3', 'user:7'],
        type: 'order.created',
        payload: { orderId: 1 },
        outboxEventId: 101,
      },
      now,
    );
    expect(again).toEqual(first);
    const next = await log.append(
      { topics: ['order:1', 'user:9'], type: 'order.statusChanged', payload: null, outboxEventId: 102 },
      now,
    );
    expect(next).toEqual([
      { topic: 'order:1', seq: 2 },
      { topic: 'user:9', seq: 1 },
    ]);
    expect(await log.lastSeq('order:1')).toBe(2);
    expect(await log.after('order:1', 0, 10)).toEqual([
      { topic: 'order:1', seq: 1, type: 'order.created', payload: { orderId: 1 } },
      { topic: 'order:1', seq: 2, type: 'order.statusChanged', payload: null },
    ]);
    const rows = await queryRows<{ n: number; nulls: number; at: Date }>(
      database.db,
      sql`select count(*)::int as n, count(*) filter (where payload is null)::int as nulls, max(created_at) as at
        from realtime_events`,
      { at: 'date' },
    );
    // Five events logged in all (the repeat added none); a missing payload is SQL null, not JSON null.
    expect(rows[0]).toEqual({ n: 5, nulls: 2, at: now });
  });

  it('gives events appended at once to one topic distinct, consecutive numbers', async () => {
    const logged = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        log.append({ topics: ['chat:5', `user:${100 + i}`], type: 'chat.message', payload: { i } }, now),
      ),
    );
    const seqs = logged.map((topics) => topics.find((t) => t.topic === 'chat:5')?.seq).sort();
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('logs nothing for an event without topics', async () => {
    expect(await log.append({ topics: [], type: 'quiet', payload: {} }, now)).toEqual([]);
  });

  it("writes a new outbox event's row and its numbers in one statement, and answers the row's id even with no topics", async () => {
    const insertRow = (eventType: string, topics: string[]) =>
      sql`${database.db
        .insert(outboxEvents)
        .values({
          aggregateType: 't',
          aggregateId: '1',
          eventType,
          payload: {},
          topics,
          createdAt: now,
          nextAttemptAt: now,
        })
        .returning({ id: outboxEvents.id })}`;
    const first = await log.appendWithOutboxRow(
      { topics: ['user:41', 'chat:40', 'user:41'], type: 'chat.message', payload: { n: 1 } },
      now,
      database.db,
      insertRow('chat.message', ['chat:40', 'user:41']),
    );
    expect(first.logged).toEqual([
      { topic: 'chat:40', seq: 1 },
      { topic: 'user:41', seq: 1 },
    ]);
    const [row] = await database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.id, first.outboxEventId));
    expect(row?.eventType).toBe('chat.message');
    // A dispatch of that event later finds the numbers it was given, not new ones.
    expect(
      await log.append(
        {
          topics: ['chat:40', 'user:41'],
          type: 'chat.message',
          payload: { n: 1 },
          outboxEventId: first.outboxEventId,
        },
        now,
      ),
    ).toEqual(first.logged);

    const none = await log.appendWithOutboxRow(
      { topics: [], type: 'x', payload: null },
      now,
      database.db,
      insertRow('x', []),
    );
    expect(none.logged).toEqual([]);
    expect(none.outboxEventId).toBeGreaterThan(first.outboxEventId);
  });
});
