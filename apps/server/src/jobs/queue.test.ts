import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-app';
import { buildApp } from '../app';
import { testConfig } from '../config/env';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { createJobQueue, defineJobType, handleJob, JobRegistryError, type JobRun } from './queue';
import { FINISHED_JOB_RETENTION_MS, pruneFinishedJobs } from './runner';

const database = await openTestDatabase();
const { db } = database;
const log = pino({ level: 'silent' });
const START = new Date('2026-11-24T08:00:00Z');

const declineOrder = defineJobType('test.decline-order', z.object({ orderId: z.number().int() }), {
  maxAttempts: 3,
  backoffMs: 1_000,
});

/** A queue whose handler records what it ran and fails while `failing` says so. */
function recordingQueue(clock = fixedClock(START), extra: { leaseMs?: number } = {}) {
  const runs: { orderId: number; run: JobRun }[] = [];
  const state = { failing: false, hang: undefined as Promise<void> | undefined };
  const queue = createJobQueue({
    db,
    clock,
    log,
    ...extra,
    handlers: [
      handleJob(declineOrder, async (payload, run) => {
        runs.push({ orderId: payload.orderId, run });
        if (state.hang) await state.hang;
        // A little real time between claim and completion, so concurrent workers overlap.
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (state.failing) throw new Error(`order ${payload.orderId} refused`);
      }),
    ],
  });
  return { queue, runs, clock, state };
}

const rowsOf = (orderId: number) => db.select().from(jobs).where(eq(jobs.payload, { orderId }));

beforeEach(async () => {
  await db.delete(jobs);
});

describe('the jobs table', () => {
  it('runs a job when it is due and not before', async () => {
    const { queue, runs, clock } = recordingQueue();
    await queue.enqueue(db, declineOrder, { orderId: 1 }, { delayMs: 5 * 60_000 });
    expect(await queue.runDue()).toBe(0);
    clock.advance(5 * 60_000 - 1);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(runs.map((r) => r.orderId)).toEqual([1]);
    const [row] = await rowsOf(1);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null });
    expect(await queue.runDue()).toBe(0);
  });

  it('retries with exponential backoff, then turns the job dead after its last attempt', async () => {
    const { queue, runs, clock, state } = recordingQueue();
    state.failing = true;
    await queue.enqueue(db, declineOrder, { orderId: 2 });
    expect(await queue.runDue()).toBe(1);
    let [row] = await rowsOf(2);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, runAt: new Date(START.getTime() + 1_000) });
    expect(row?.lastError).toContain('order 2 refused');

    clock.advance(999);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    [row] = await rowsOf(2);
    // Second failure waits twice as long.
    expect(row).toMatchObject({ state: 'pending', attempts: 2, runAt: new Date(START.getTime() + 3_000) });

    clock.advance(2_000);
    expect(await queue.runDue()).toBe(1);
    [row] = await rowsOf(2);
    expect(row).toMatchObject({ state: 'dead', attempts: 3 });
    clock.advance(60 * 60_000);
    expect(await queue.runDue()).toBe(0);
    expect(runs.map((r) => r.run.attempt)).toEqual([1, 2, 3]);
  });

  it('succeeds on a retry once the handler stops failing', async () => {
    const { queue, clock, state } = recordingQueue();
    state.failing = true;
    await queue.enqueue(db, declineOrder, { orderId: 3 });
    await queue.runDue();
    state.failing = false;
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(1);
    expect((await rowsOf(3))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('never runs one job twice when two workers poll the same table', async () => {
    const clock = fixedClock(START);
    const first = recordingQueue(clock);
    const second = recordingQueue(clock);
    const count = 40;
    for (let orderId = 100; orderId < 100 + count; orderId++) {
      await first.queue.enqueue(db, declineOrder, { orderId });
    }
    const drain = async (queue: typeof first.queue) => {
      while ((await queue.runDue()) > 0);
    };
    await Promise.all([drain(first.queue), drain(second.queue), drain(first.queue), drain(second.queue)]);
    const ran = [...first.runs, ...second.runs].map((r) => r.orderId).sort((a, b) => a - b);
    expect(ran).toEqual(Array.from({ length: count }, (_, i) => 100 + i));
    // Both workers took part (the claim is a batch of five, so neither can take all forty alone in turn).
    expect(first.runs.length).toBeGreaterThan(0);
    expect(second.runs.length).toBeGreaterThan(0);
  });

  it("runs a crashed worker's job again once its lock expires, and the late worker cannot settle it", async () => {
    const clock = fixedClock(START);
    const crashed = recordingQueue(clock, { leaseMs: 30_000 });
    const healthy = recordingQueue(clock, { leaseMs: 30_000 });
    let release = () => {};
    crashed.state.hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    crashed.state.failing = true;
    await crashed.queue.enqueue(db, declineOrder, { orderId: 4 });
    const stuck = crashed.queue.runDue();
    await expect.poll(() => crashed.runs.length).toBe(1);

    expect(await healthy.queue.runDue()).toBe(0);
    clock.advance(29_999);
    expect(await healthy.queue.runDue()).toBe(0);
    clock.advance(1);
    expect(await healthy.queue.runDue()).toBe(1);
    expect(healthy.runs.map((r) => r.run.attempt)).toEqual([2]);
    expect((await rowsOf(4))[0]).toMatchObject({ state: 'done', attempts: 2 });

    // The presumed-dead worker wakes up and fails: the job stays done, not sent back to pending.
    release();
    await stuck;
    expect((await rowsOf(4))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('turns a job dead when the worker of its last attempt is lost', async () => {
    const clock = fixedClock(START);
    const crashed = recordingQueue(clock, { leaseMs: 1_000 });
    crashed.state.hang = new Promise<void>(() => {});
    await db.insert(jobs).values({
      name: declineOrder.name,
      payload: { orderId: 5 },
      runAt: START,
      attempts: 2,
      maxAttempts: 3,
    });
    void crashed.queue.runDue();
    await expect.poll(() => crashed.runs.length).toBe(1);
    clock.advance(1_000);
    const other = recordingQueue(clock);
    expect(await other.queue.runDue()).toBe(0);
    expect((await rowsOf(5))[0]).toMatchObject({ state: 'dead', attempts: 3 });
  });

  it('keeps one live job per unique key, and cancels by key', async () => {
    const { queue, runs, clock } = recordingQueue();
    const firstId = await queue.enqueue(
      db,
      declineOrder,
      { orderId: 6 },
      { uniqueKey: 'order:6', delayMs: 1_000 },
    );
    expect(firstId).toEqual(expect.any(Number));
    expect(await queue.enqueue(db, declineOrder, { orderId: 6 }, { uniqueKey: 'order:6' })).toBeNull();
    expect(await rowsOf(6)).toHaveLength(1);

    expect(await queue.cancel(db, declineOrder, 'order:6')).toBe(true);
    expect(await queue.cancel(db, declineOrder, 'order:6')).toBe(false);
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toEqual([]);

    // Once the key's job is no longer live, the key may be used again.
    expect(await queue.enqueue(db, declineOrder, { orderId: 6 }, { uniqueKey: 'order:6' })).not.toBeNull();
    expect(await queue.runDue()).toBe(1);
    expect(await queue.enqueue(db, declineOrder, { orderId: 6 }, { uniqueKey: 'order:6' })).not.toBeNull();
  });

  it('enqueues several jobs in one statement, each skipped while its key has a live job', async () => {
    const { queue, runs, clock } = recordingQueue();
    await queue.enqueue(db, declineOrder, { orderId: 7 }, { uniqueKey: 'order:7' });
    const added = await queue.enqueueMany(db, [
      { type: declineOrder, payload: { orderId: 7 }, options: { uniqueKey: 'order:7' } },
      { type: declineOrder, payload: { orderId: 8 }, options: { uniqueKey: 'order:8', delayMs: 2_000 } },
      { type: declineOrder, payload: { orderId: 9 } },
    ]);
    expect(added).toBe(2);
    expect(await rowsOf(7)).toHaveLength(1);
    expect(await queue.enqueueMany(db, [])).toBe(0);
    // A payload its type refuses adds none of the batch.
    await expect(
      queue.enqueueMany(db, [
        { type: declineOrder, payload: { orderId: 10 } },
        { type: declineOrder, payload: { orderId: 'eleven' } },
      ]),
    ).rejects.toThrow();
    expect(await rowsOf(10)).toHaveLength(0);

    expect(await queue.runDue()).toBe(2);
    clock.advance(2_000);
    expect(await queue.runDue()).toBe(1);
    expect(runs.map((r) => r.orderId).sort()).toEqual([7, 8, 9]);
  });

  it("enqueues inside the caller's transaction: a rolled-back job never runs", async () => {
    const { queue, runs, clock } = recordingQueue();
    const refusal = new Error('order not saved');
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx as unknown as Db, declineOrder, { orderId: 7 });
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await db.transaction(async (tx) => {
      await queue.enqueue(tx as unknown as Db, declineOrder, { orderId: 8 });
    });
    clock.advance(60_000);
    while ((await queue.runDue()) > 0);
    expect(runs.map((r) => r.orderId)).toEqual([8]);
  });
});

describe('the job registry', () => {
  const orphan = defineJobType('test.orphan', z.object({ id: z.string() }));

  it('refuses to enqueue a job type it has no handler for, or a payload its schema refuses', async () => {
    const { queue } = recordingQueue();
    await expect(queue.enqueue(db, orphan, { id: 'x' })).rejects.toBeInstanceOf(JobRegistryError);
    await expect(
      queue.enqueue(db, declineOrder, { orderId: 'nine' } as unknown as { orderId: number }),
    ).rejects.toThrow();
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('refuses to be built when a declared job has no handler', () => {
    expect(() =>
      createJobQueue({ db, clock: fixedClock(START), log, handlers: [], declared: [orphan] }),
    ).toThrow(/test\.orphan/);
  });

  it('refuses to start while a live job in the table has no handler', async () => {
    const { queue } = recordingQueue();
    await queue.enqueue(db, declineOrder, { orderId: 10 });
    const other = createJobQueue({ db, clock: fixedClock(START), log, handlers: [] });
    await expect(other.start()).rejects.toThrow(/test\.decline-order/);
    await queue.start();
    await queue.stop();
  });
});

describe('the app and the jobs table', () => {
  it('is not ready while a waiting job has no handler, and is once one is given', async () => {
    await db
      .insert(jobs)
      .values({ name: declineOrder.name, payload: { orderId: 11 }, runAt: START, maxAttempts: 3 });
    const bare = await buildApp({ config: testConfig(), database });
    await expect(bare.ready()).rejects.toThrow(/test\.decline-order/);
    await bare.close();
    const ran: number[] = [];
    const app = await buildApp({
      config: testConfig(),
      database,
      clock: fixedClock(START),
      jobHandlers: [handleJob(declineOrder, async ({ orderId }) => void ran.push(orderId))],
    });
    await app.ready();
    expect(await app.jobs.runDue()).toBe(1);
    expect(ran).toEqual([11]);
    await app.close();
  });

  it('prunes done and cancelled jobs after their retention, never dead or live ones', async () => {
    const old = new Date(START.getTime() - FINISHED_JOB_RETENTION_MS - 1);
    const base = { name: declineOrder.name, runAt: old, maxAttempts: 3 };
    await db.insert(jobs).values([
      { ...base, payload: { orderId: 20 }, state: 'done', finishedAt: old },
      { ...base, payload: { orderId: 21 }, state: 'cancelled', finishedAt: old },
      { ...base, payload: { orderId: 22 }, state: 'dead', finishedAt: old },
      { ...base, payload: { orderId: 23 }, state: 'done', finishedAt: START },
      { ...base, payload: { orderId: 24 }, state: 'pending' },
    ]);
    expect(await pruneFinishedJobs(db, START)).toBe(2);
    const left = await db.select({ payload: jobs.payload }).from(jobs);
    expect(left.map((row) => (row.payload as { orderId: number }).orderId).sort()).toEqual([22, 23, 24]);
  });
});
