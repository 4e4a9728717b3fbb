import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { chatEvent } from '../../../test/outbox-fixtures';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { outboxEvents, realtimeEvents } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createOutbox } from '../../outbox/outbox';
import { createLocalEventBus, type EventBus, type RealtimeEvent } from './event-bus';
import { publishToRealtime } from './outbox-publisher';
import { createTopicLog } from './topic-log.repository';

const START = new Date('2026-11-24T08:00:00Z');

describe('realtime delivered on commit, with the outbox as its safety net (decision 066)', async () => {
  const database = await openTestDatabase();
  const { db } = database;
  const bus = createLocalEventBus();
  const { app } = await createTestApp({ database, bus });

  it('publishes once, with the numbers taken at commit, an event whose process died between commit and publish', async () => {
    // The writing process: it commits, then dies before its publish reaches the bus.
    const deadBus: EventBus = {
      ...createLocalEventBus(),
      publish: () => Promise.reject(new Error('process killed')),
      publishAll: () => Promise.reject(new Error('process killed')),
    };
    const dying = createOutbox({
      db,
      clock: fixedClock(START),
      log: pino({ level: 'silent' }),
      handlers: [publishToRealtime({ bus: deadBus, log: createTopicLog(db), clock: fixedClock(START) })],
    });
    await dying.transaction((tx) => dying.add(tx, chatEvent(902, 1)));
    const numbered = await db.select().from(realtimeEvents).where(eq(realtimeEvents.topic, 'chat:902'));
    expect(numbered).toHaveLength(1);

    // Another process's dispatcher: the safety net publishes it, once, under the same number.
    const published: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => published.push(event));
    await app.outbox.dispatchPending();
    await app.outbox.dispatchPending();
    unsubscribe();
    expect(published.filter((event) => event.topic === 'chat:902').map((event) => event.seq)).toEqual([
      numbered[0]?.seq,
    ]);
    expect(await db.select().from(realtimeEvents).where(eq(realtimeEvents.topic, 'chat:902'))).toHaveLength(
      1,
    );
  });

  it('numbers events of one topic written by concurrent transactions in commit order, and publishes them so', async () => {
    const published: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => {
      if (event.topic === 'chat:903') published.push(event);
    });
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) => app.outbox.transaction((tx) => app.outbox.add(tx, chatEvent(903, n)))),
    );
    await app.outbox.dispatchPending();
    unsubscribe();
    const seqs = published.map((event) => event.seq as number);
    expect(seqs).toHaveLength(5);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(5);
  });

  it("lets another process's dispatcher skip an event the writing process published on commit, once marked so", async () => {
    // The writing process publishes on commit through its own bus; the marks go out in one statement.
    const writerBus = createLocalEventBus();
    const writer = createOutbox({
      db,
      clock: fixedClock(START),
      log: pino({ level: 'silent' }),
      handlers: [publishToRealtime({ bus: writerBus, log: createTopicLog(db), clock: fixedClock(START) })],
    });
    const publishedByWriter: RealtimeEvent[] = [];
    writerBus.subscribe((event) => publishedByWriter.push(event));
    await writer.transaction((tx) => writer.add(tx, chatEvent(904, 1)));
    await writer.transaction((tx) => writer.add(tx, chatEvent(904, 2)));
    expect(publishedByWriter.map((event) => event.topic)).toEqual([
      'chat:904',
      'user:5',
      'chat:904',
      'user:5',
    ]);
    await writer.markDelivered();
    const marked = await db
      .select({ at: outboxEvents.deliveredOnCommitAt })
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, '904'));
    expect(marked.map((row) => row.at)).toEqual([START, START]);

    // The other process's dispatcher hands both to its handlers (they are dispatched) but publishes neither.
    const publishedAgain: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => {
      if (event.topic === 'chat:904') publishedAgain.push(event);
    });
    await app.outbox.dispatchPending();
    unsubscribe();
    expect(publishedAgain).toEqual([]);
    const rows = await db
      .select({ dispatchedAt: outboxEvents.dispatchedAt })
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, '904'));
    expect(rows.every((row) => row.dispatchedAt !== null)).toBe(true);
  });
});
