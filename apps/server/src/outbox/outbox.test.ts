import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatEvent } from '../../test/outbox-fixtures';
import { createTestApp, openTestDatabase } from '../../test/test-app';
import { outboxEvents, realtimeEvents, realtimeTopics } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { createLocalEventBus, type RealtimeEvent } from '../modules/realtime';
import {
  createOutbox,
  DISPATCHED_EVENT_RETENTION_MS,
  type OutboxEvent,
  pruneDispatchedEvents,
} from './outbox';

const database = await openTestDatabase();
const { db } = database;
const log = pino({ level: 'silent' });
const START = new Date('2026-11-24T08:00:00Z');

/** A dispatcher whose one handler records what it heard, after a little real time (so runs overlap). */
function recordingOutbox(
  clock = fixedClock(START),
  options: { pollMs?: number; leaseMs?: number } = {},
  heard: OutboxEvent[] = [],
) {
  const control = { failOnce: new Set<string>(), hang: undefined as Promise<void> | undefined };
  const outbox = createOutbox({
    db,
    clock,
    log,
    ...options,
    handlers: [
      {
        name: 'recorder',
        async handle(event) {
          if (control.hang) await control.hang;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          const label = labelOf(event);
          if (control.failOnce.delete(label)) throw new Error(`${label} refused`);
          heard.push(event);
        },
      },
    ],
  });
  return { outbox, heard, clock, control };
}

const labelOf = (event: OutboxEvent) => `${event.aggregateId}#${(event.payload as { n: number }).n}`;
const labelsOf = (events: OutboxEvent[], aggregateId?: string) =>
  events.filter((event) => !aggregateId || event.aggregateId === aggregateId).map(labelOf);

beforeEach(async () => {
  await db.delete(outboxEvents);
});

describe('the transactional outbox', () => {
  it('never dispatches the event of a rolled-back transaction', async () => {
    const { outbox, heard } = recordingOutbox();
    await expect(
      outbox.transaction(async (tx) => {
        await outbox.add(tx, {
          aggregateType: 'order',
          aggregateId: 1,
          eventType: 'placed',
          payload: { n: 1 },
        });
        throw new Error('order refused');
      }),
    ).rejects.toThrow('order refused');
    await outbox.transaction(async (tx) => {
      await outbox.add(tx, {
        aggregateType: 'order',
        aggregateId: 2,
        eventType: 'placed',
        payload: { n: 1 },
      });
    });
    await outbox.dispatchPending();
    expect(labelsOf(heard)).toEqual(['2#1']);
  });

  it('keeps the order of each aggregate with two dispatchers draining at once', async () => {
    const clock = fixedClock(START);
    // One list in the order the events were heard, whichever dispatcher heard them.
    const heard: OutboxEvent[] = [];
    const first = recordingOutbox(clock, {}, heard);
    const second = recordingOutbox(clock, {}, heard);
    for (let n = 1; n <= 12; n++) {
      for (const aggregateId of ['a', 'b', 'c']) {
        await first.outbox.add(db, {
          aggregateType: 'order',
          aggregateId,
          eventType: 'step',
          payload: { n },
        });
      }
    }
    await Promise.all([first.outbox.dispatchPending(), second.outbox.dispatchPending()]);
    for (const aggregateId of ['a', 'b', 'c']) {
      const expected = Array.from({ length: 12 }, (_, i) => `${aggregateId}#${i + 1}`);
      expect(labelsOf(heard, aggregateId)).toEqual(expected);
    }
    expect(heard).toHaveLength(36);
    const done = await db.select().from(outboxEvents);
    expect(done.every((row) => row.dispatchedAt && row.attempts === 1)).toBe(true);
  });

  it('retries a failed event after a backoff, holding its aggregate back and no other', async () => {
    const { outbox, heard, clock, control } = recordingOutbox();
    control.failOnce.add('x#2');
    for (const n of [1, 2, 3]) {
      await outbox.add(db, { aggregateType: 'chat', aggregateId: 'x', eventType: 'message', payload: { n } });
      await outbox.add(db, { aggregateType: 'chat', aggregateId: 'y', eventType: 'message', payload: { n } });
    }
    await outbox.dispatchPending();
    expect(labelsOf(heard, 'x')).toEqual(['x#1']);
    expect(labelsOf(heard, 'y')).toEqual(['y#1', 'y#2', 'y#3']);
    const [failed] = await db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.payload, { n: 2 }));
    expect(failed).toBeDefined();

    clock.advance(999);
    await outbox.dispatchPending();
    expect(labelsOf(heard, 'x')).toEqual(['x#1']);
    clock.advance(1);
    await outbox.dispatchPending();
    expect(labelsOf(heard, 'x')).toEqual(['x#1', 'x#2', 'x#3']);
    const rows = await db.select().from(outboxEvents).where(eq(outboxEvents.aggregateId, 'x'));
    expect(rows.find((row) => (row.payload as { n: number }).n === 2)).toMatchObject({
      attempts: 2,
      lastError: null,
    });
  });

  it('dispatches after a restart what was committed but not dispatched, and what a dead dispatcher held', async () => {
    const clock = fixedClock(START);
    const crashed = recordingOutbox(clock, { leaseMs: 10_000 });
    crashed.control.hang = new Promise<void>(() => {});
    await crashed.outbox.add(db, {
      aggregateType: 'order',
      aggregateId: 9,
      eventType: 'placed',
      payload: { n: 1 },
    });
    await crashed.outbox.add(db, {
      aggregateType: 'order',
      aggregateId: 9,
      eventType: 'paid',
      payload: { n: 2 },
    });
    await crashed.outbox.add(db, {
      aggregateType: 'order',
      aggregateId: 10,
      eventType: 'placed',
      payload: { n: 1 },
    });
    // The first process claims order 9's first event and dies in the middle of dispatching it.
    void crashed.outbox.dispatchPending();
    await expect
      .poll(async () => (await db.select().from(outboxEvents)).filter((r) => r.lockedUntil).length)
      .toBe(2);

    const restarted = recordingOutbox(clock, { leaseMs: 10_000 });
    await restarted.outbox.dispatchPending();
    expect(restarted.heard).toEqual([]);
    clock.advance(10_000);
    await restarted.outbox.dispatchPending();
    expect(labelsOf(restarted.heard).sort()).toEqual(['10#1', '9#1', '9#2']);
    expect(labelsOf(restarted.heard, '9')).toEqual(['9#1', '9#2']);
  });

  it('keeps renewing the claim of an event whose handler outlasts the lease, so no other dispatcher takes it', async () => {
    const clock = fixedClock(START);
    const slow = recordingOutbox(clock, { leaseMs: 300 });
    let release = () => {};
    slow.control.hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    await slow.outbox.add(db, {
      aggregateType: 'order',
      aggregateId: 11,
      eventType: 'placed',
      payload: { n: 1 },
    });
    const slowRun = slow.outbox.dispatchPending();
    await expect
      .poll(async () => (await db.select().from(outboxEvents)).filter((r) => r.lockedUntil).length)
      .toBe(1);
    const [claimed] = await db.select().from(outboxEvents);
    // Past the first lease: the dispatcher, still at work, has renewed its claim (every third of it).
    clock.advance(200);
    await expect
      .poll(async () => (await db.select().from(outboxEvents))[0]?.lockedUntil?.getTime())
      .toBeGreaterThan(claimed?.lockedUntil?.getTime() ?? Number.POSITIVE_INFINITY);
    clock.advance(200);
    const other = recordingOutbox(clock, { leaseMs: 300 });
    await other.outbox.dispatchPending();
    expect(other.heard).toEqual([]);
    slow.control.hang = undefined;
    release();
    await slowRun;
    expect(labelsOf(slow.heard)).toEqual(['11#1']);
  });

  it('is woken at once by a commit in this process instead of waiting for its poll', async () => {
    const { outbox, heard } = recordingOutbox(fixedClock(START), { pollMs: 60_000 });
    outbox.start();
    try {
      await expect.poll(() => outbox.dispatchPending()).toBe(0);
      await outbox.transaction(async (tx) => {
        await outbox.add(tx, {
          aggregateType: 'order',
          aggregateId: 3,
          eventType: 'placed',
          payload: { n: 1 },
        });
      });
      await expect.poll(() => labelsOf(heard), { timeout: 2_000 }).toEqual(['3#1']);
    } finally {
      await outbox.stop();
    }
  });

  it('hands a batching handler each batch whole and in id order, isolates a bad event and keeps every aggregate in order', async () => {
    const clock = fixedClock(START);
    const batches: string[][] = [];
    const heardAlone: string[] = [];
    const after: string[] = [];
    const refused = new Set(['b#2']);
    const outbox = createOutbox({
      db,
      clock,
      log,
      handlers: [
        {
          name: 'batching',
          async handleBatch(events) {
            batches.push(events.map(labelOf));
            if (events.some((event) => refused.has(labelOf(event)))) throw new Error('one bad event');
          },
          async handle(event) {
            if (refused.delete(labelOf(event))) throw new Error(`${labelOf(event)} refused`);
            heardAlone.push(labelOf(event));
          },
        },
        { name: 'after', handle: async (event) => void after.push(labelOf(event)) },
      ],
    });
    for (let n = 1; n <= 3; n++) {
      for (const aggregateId of ['a', 'b', 'c']) {
        await outbox.add(db, { aggregateType: 'order', aggregateId, eventType: 'step', payload: { n } });
      }
    }
    await outbox.dispatchPending();
    // Each batch is the heads of the aggregates, in the order written.
    expect(batches[0]).toEqual(['a#1', 'b#1', 'c#1']);
    expect(batches[1]).toEqual(['a#2', 'b#2', 'c#2']);
    // The batch with the bad event went event by event: only b#2 failed, and the next handler did
    // not hear it; b's later event waits behind it, the other aggregates went on.
    expect(heardAlone).toEqual(['a#2', 'c#2']);
    expect(after).toEqual(['a#1', 'b#1', 'c#1', 'a#2', 'c#2', 'a#3', 'c#3']);
    expect(batches[2]).toEqual(['a#3', 'c#3']);
    clock.advance(1_000);
    await outbox.dispatchPending();
    // b#2 again (alone: a batch of one goes to `handle`), then b#3.
    expect(after.slice(7)).toEqual(['b#2', 'b#3']);
    expect(heardAlone.slice(2)).toEqual(['b#2', 'b#3']);
    const rows = await db.select().from(outboxEvents);
    expect(rows.every((row) => row.dispatchedAt)).toBe(true);
  });

  it('prunes dispatched events after their retention, never undispatched ones', async () => {
    const { outbox } = recordingOutbox();
    await outbox.add(db, { aggregateType: 'order', aggregateId: 4, eventType: 'placed', payload: { n: 1 } });
    await outbox.add(db, { aggregateType: 'order', aggregateId: 5, eventType: 'placed', payload: { n: 1 } });
    await db
      .update(outboxEvents)
      .set({ dispatchedAt: new Date(START.getTime() - DISPATCHED_EVENT_RETENTION_MS - 1) })
      .where(eq(outboxEvents.aggregateId, '4'));
    expect(await pruneDispatchedEvents(db, START)).toBe(1);
    expect((await db.select().from(outboxEvents)).map((row) => row.aggregateId)).toEqual(['5']);
  });
});

describe("the app's outbox", async () => {
  const bus = createLocalEventBus();
  const heardByHandler: OutboxEvent[] = [];
  const { app } = await createTestApp({
    database,
    bus,
    outboxHandlers: [{ name: 'notifications', handle: async (event) => void heardByHandler.push(event) }],
  });

  it('publishes a committed event to its realtime topics, then to the registered handlers', async () => {
    const published: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => published.push(event));
    await app.outbox.transaction(async (tx) => {
      await app.outbox.add(tx, {
        aggregateType: 'order',
        aggregateId: 77,
        eventType: 'order.accepted',
        payload: { n: 1 },
        topics: ['order:77', 'user:5'],
      });
    });
    await app.outbox.dispatchPending();
    unsubscribe();
    expect(published.map((event) => [event.topic, event.type])).toEqual([
      ['order:77', 'order.accepted'],
      ['user:5', 'order.accepted'],
    ]);
    expect(labelsOf(heardByHandler)).toEqual(['77#1']);
  });

  it('publishes a deliverOnCommit event as soon as its transaction commits, numbered in it, and the dispatcher publishes it no more', async () => {
    const published: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => published.push(event));
    heardByHandler.length = 0;
    await app.outbox.stop(); // No dispatcher may run between the commit and the check below.
    await app.outbox.transaction((tx) => app.outbox.add(tx, chatEvent(900, 1)));
    await app.outbox.transaction((tx) => app.outbox.add(tx, chatEvent(900, 2)));
    // Published by the commit itself, before any dispatch.
    expect(published.map((event) => [event.topic, (event.payload as { n: number }).n])).toEqual([
      ['chat:900', 1],
      ['user:5', 1],
      ['chat:900', 2],
      ['user:5', 2],
    ]);
    const chatSeqs = published.filter((event) => event.topic === 'chat:900').map((event) => event.seq);
    expect(chatSeqs[1]).toBe((chatSeqs[0] as number) + 1);
    await app.outbox.dispatchPending();
    await app.outbox.dispatchPending();
    unsubscribe();
    expect(published).toHaveLength(4);
    // The other handlers still hear each event once, from the dispatcher, in order.
    expect(labelsOf(heardByHandler, '900')).toEqual(['900#1', '900#2']);
    const logged = await db.select().from(realtimeEvents).where(eq(realtimeEvents.topic, 'chat:900'));
    expect(logged.map((row) => row.seq).sort()).toEqual(chatSeqs);
  });

  it('publishes and numbers nothing for a deliverOnCommit event whose transaction rolls back', async () => {
    const published: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe((event) => published.push(event));
    await expect(
      app.outbox.transaction(async (tx) => {
        await app.outbox.add(tx, chatEvent(901, 1));
        throw new Error('message refused');
      }),
    ).rejects.toThrow('message refused');
    await app.outbox.dispatchPending();
    unsubscribe();
    expect(published).toEqual([]);
    expect(await db.select().from(realtimeEvents).where(eq(realtimeEvents.topic, 'chat:901'))).toEqual([]);
    expect(await db.select().from(realtimeTopics).where(eq(realtimeTopics.topic, 'chat:901'))).toEqual([]);
  });
});
