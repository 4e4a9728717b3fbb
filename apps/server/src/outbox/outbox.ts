import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outboxEvents } from '../db/schema';
import type { Clock } from '../lib/clock';

/** A domain event as its cause writes it. */
export interface DomainEvent {
  aggregateType: string;
  aggregateId: string | number;
  eventType: string;
  payload: unknown;
  /** Realtime topics to publish it to (`order:12`, `user:7`); none for events only handlers hear. */
  topics?: string[];
}

/** A committed event handed to the handlers; `id` grows with commit order within an aggregate. */
export interface OutboxEvent {
  id: number;
  aggregateType: string;
  aggregateId: string;
  eventType: string;
  payload: unknown;
  topics: string[];
  createdAt: Date;
}

/**
 * Hears every committed event at least once, in order per aggregate. A throw holds the aggregate's
 * later events back and retries this one (after every handler has run it again): be idempotent by `id`.
 */
export interface OutboxHandler {
  name: string;
  handle(event: OutboxEvent): Promise<void>;
}

const POLL_MS = 1_000;
const BATCH_SIZE = 20;
/**
 * A claim lasts this long unless renewed: the dispatching process renews its batch's claims every
 * third of it while handlers run, so a slow handler keeps its events, and the events a killed
 * process had claimed (and each aggregate's later ones behind them) wait this long at most, not the
 * longest a handler may take.
 */
const LEASE_MS = 5_000;
const BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 5 * 60_000;
export const DISPATCHED_EVENT_RETENTION_MS = 7 * 24 * 60 * 60_000;

export interface OutboxOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  handlers: readonly OutboxHandler[];
  pollMs?: number;
  leaseMs?: number;
}

/**
 * The transactional outbox (decision 015): `add` writes an event in the caller's transaction; the
 * dispatcher polls the table (and is woken at once after `transaction` commits in this process),
 * claims the oldest undispatched event of each aggregate whose lease is free, and hands it to every
 * handler. An aggregate's next event is claimable only once the one before it is dispatched.
 */
export function createOutbox(options: OutboxOptions) {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const handlers = [...options.handlers];
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  /** Writes the event with the caller's change; pass the transaction that makes the change. */
  async function add(executor: Db, event: DomainEvent): Promise<void> {
    const now = clock.now();
    await executor.insert(outboxEvents).values({
      aggregateType: event.aggregateType,
      aggregateId: String(event.aggregateId),
      eventType: event.eventType,
      payload: event.payload ?? null,
      topics: event.topics ?? [],
      createdAt: now,
      nextAttemptAt: now,
    });
  }

  /** Runs `work` in a transaction and wakes the dispatcher once it has committed. */
  async function transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction((tx) => work(tx as unknown as Db));
    wake();
    return result;
  }

  /** Claims the head event of up to a batch of aggregates; answers them in id order. */
  async function claimHeads(now: Date): Promise<(typeof outboxEvents.$inferSelect)[]> {
    const nowText = now.toISOString();
    const free = sql`(locked_until is null or locked_until <= ${nowText}::timestamptz)`;
    // The oldest undispatched events with no older undispatched event of their aggregate, oldest
    // first: an index walk that stops at a batch (a DISTINCT ON over every aggregate read the whole
    // backlog on each claim, which under load grew faster than it was dispatched).
    const heads = sql`select o.id from outbox_events o
      where o.dispatched_at is null and o.next_attempt_at <= ${nowText}::timestamptz
        and (o.locked_until is null or o.locked_until <= ${nowText}::timestamptz)
        and not exists (select 1 from outbox_events p where p.dispatched_at is null
          and p.aggregate_type = o.aggregate_type and p.aggregate_id = o.aggregate_id and p.id < o.id)
      order by o.id limit ${BATCH_SIZE}`;
    // The outer conditions are checked again on a row another dispatcher claimed meanwhile.
    const claimed = await db
      .update(outboxEvents)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outboxEvents.attempts} + 1` })
      .where(sql`${outboxEvents.id} in (${heads}) and dispatched_at is null and ${free}`)
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  async function dispatchOne(row: typeof outboxEvents.$inferSelect) {
    const event: OutboxEvent = {
      id: row.id,
      aggregateType: row.aggregateType,
      aggregateId: row.aggregateId,
      eventType: row.eventType,
      payload: row.payload,
      topics: row.topics,
      createdAt: row.createdAt,
    };
    const isCurrentClaim = and(eq(outboxEvents.id, row.id), eq(outboxEvents.attempts, row.attempts));
    try {
      for (const handler of handlers) await handler.handle(event);
      return true;
    } catch (error) {
      const wait = Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (row.attempts - 1));
      log.warn(
        { err: error, eventId: row.id, attempt: row.attempts },
        'outbox event not dispatched; will retry',
      );
      await db
        .update(outboxEvents)
        .set({
          lockedUntil: null,
          nextAttemptAt: new Date(clock.now().getTime() + wait),
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 2_000),
        })
        .where(isCurrentClaim);
      return false;
    }
  }

  /** Marks a batch's handled events dispatched in one statement (where the claim is still ours). */
  async function markDispatched(rows: (typeof outboxEvents.$inferSelect)[]) {
    if (!rows.length) return;
    const claims = sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${row.attempts}::int)`),
      sql`, `,
    );
    await db
      .update(outboxEvents)
      .set({ dispatchedAt: clock.now(), lockedUntil: null, lastError: null })
      .where(sql`(${outboxEvents.id}, ${outboxEvents.attempts}) in (${claims})`);
  }

  /** Extends the claims on `ids` still ours (unexpired, so nobody else took them) and not yet dispatched. */
  async function renewLeases(ids: number[]) {
    if (!ids.length) return;
    const now = clock.now();
    await db
      .update(outboxEvents)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(
        sql`${outboxEvents.id} in ${ids} and dispatched_at is null and locked_until > ${now.toISOString()}::timestamptz`,
      );
  }

  /** Dispatches until nothing is claimable now; answers how many events were dispatched or tried. */
  async function dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await claimHeads(clock.now());
      if (!claimed.length) return total;
      const undispatched = new Set(claimed.map((row) => row.id));
      const renewal = setInterval(() => {
        renewLeases([...undispatched]).catch((error) =>
          log.warn({ err: error }, 'outbox leases not renewed'),
        );
      }, leaseMs / 3);
      renewal.unref();
      // Each claimed event heads its own aggregate, so marking them together at the end of the
      // batch keeps every aggregate's order (its next event waits for the mark) for one statement.
      const handled: (typeof outboxEvents.$inferSelect)[] = [];
      try {
        for (const row of claimed) {
          if (await dispatchOne(row)) handled.push(row);
          else undispatched.delete(row.id);
        }
        await markDispatched(handled);
      } finally {
        clearInterval(renewal);
      }
      total += claimed.length;
    }
  }

  function runNow() {
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = dispatchPending()
      .then(
        () => undefined,
        (error) => log.error({ err: error }, 'outbox dispatch failed'),
      )
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          runNow();
        } else {
          timer = setTimeout(runNow, pollMs);
          timer.unref();
        }
      });
  }

  /** Asks for a dispatch now (after a commit in this process) instead of at the next poll. */
  function wake() {
    if (!stopped) runNow();
  }

  return {
    add,
    transaction,
    wake,
    dispatchPending,
    /** Adds a module's handler of committed events, heard after the ones given at creation. */
    subscribe(handler: OutboxHandler) {
      handlers.push(handler);
    },
    start() {
      stopped = false;
      runNow();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** A day-scale sweep: forgets events dispatched longer ago than the retention. */
export async function pruneDispatchedEvents(db: Db, now: Date): Promise<number> {
  const pruned = await db
    .delete(outboxEvents)
    .where(lt(outboxEvents.dispatchedAt, new Date(now.getTime() - DISPATCHED_EVENT_RETENTION_MS)))
    .returning({ id: outboxEvents.id });
  return pruned.length;
}

export type Outbox = ReturnType<typeof createOutbox>;
