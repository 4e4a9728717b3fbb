import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import { createTopicLog } from './topic-log.repository';

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

  it("numbers a batch in one statement: a shared topic's events in id order, an earlier dispatch's numbers kept", async () => {
    // Event 501 was numbered by a dispatch before (a crash after its append, say).
    const before = await log.append(
      { topics: ['order:50', 'user:51'], type: 'order.statusChanged', payload: { n: 1 }, outboxEventId: 501 },
      now,
    );
    expect(before).toEqual([
      { topic: 'order:50', seq: 1 },
      { topic: 'user:51', seq: 1 },
    ]);
    const batch = [
      { id: 503, type: 'order.statusChanged', payload: { n: 3 }, topics: ['user:51', 'order:52'] },
      { id: 501, type: 'order.statusChanged', payload: { n: 1 }, topics: ['order:50', 'user:51'] },
      { id: 502, type: 'order.statusChanged', payload: null, topics: ['user:51', 'user:51', 'order:51'] },
      { id: 504, type: 'quiet', payload: {}, topics: [] },
      { id: 505, type: 'order.statusChanged', payload: { n: 5 }, topics: ['user:51'] },
    ];
    const numbers = await log.appendBatch(batch, now);
    expect(Object.fromEntries(numbers)).toEqual({
      501: before,
      502: [
        { topic: 'order:51', seq: 1 },
        { topic: 'user:51', seq: 2 },
      ],
      503: [
        { topic: 'order:52', seq: 1 },
        { topic: 'user:51', seq: 3 },
      ],
      505: [{ topic: 'user:51', seq: 4 }],
    });
    // The whole batch dispatched again (a handler after this one failed): nothing new is numbered.
    expect(await log.appendBatch(batch, now)).toEqual(numbers);
    expect(await log.lastSeq('user:51')).toBe(4);
    expect(await log.after('user:51', 0, 10)).toEqual([
      { topic: 'user:51', seq: 1, type: 'order.statusChanged', payload: { n: 1 } },
      { topic: 'user:51', seq: 2, type: 'order.statusChanged', payload: null },
      { topic: 'user:51', seq: 3, type: 'order.statusChanged', payload: { n: 3 } },
      { topic: 'user:51', seq: 4, type: 'order.statusChanged', payload: { n: 5 } },
    ]);
    const [nulls] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from realtime_events where outbox_event_id = 502 and payload is null`,
    );
    expect(nulls?.n).toBe(2);
    // And `append` later finds a batch's numbers as its own.
    expect(
      await log.append({ topics: ['user:51', 'order:52'], type: 'x', payload: {}, outboxEventId: 503 }, now),
    ).toEqual(numbers.get(503));
  });
});
