import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, namedStatement } from '../db/client';
import { insertFrom, type StatementPart } from '../db/one-statement';
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
  /**
   * Written inside `outbox.transaction`: handlers that can (the realtime publisher) prepare it in the
   * writer's transaction and act on it right after commit, instead of waiting for the dispatcher
   * (decision 066). The dispatcher still hands it to every handler: the safety net for a crash.
   */
  deliverOnCommit?: boolean;
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
  /**
   * The writing process ran the after-commit work for it (`prepareWithRow`'s answer) and
   * recorded so: a handler may skip in `handle` what that work already did (decision 066, follow-up).
   */
  deliveredOnCommit: boolean;
}

/**
 * Hears every committed event at least once, in order per aggregate. A throw holds the aggregate's
 * later events back and retries this one (after every handler has run it again): be idempotent by `id`.
 */
export interface OutboxHandler {
  name: string;
  handle(event: OutboxEvent): Promise<void>;
  /**
   * Optional: the dispatcher's batch at once (decision 080), each event the head of its own
   * aggregate, in id order: one statement for many events instead of one per event. Settles when
   * every event is handled; a throw makes the dispatcher hand each of them to `handle` alone (so one
   * bad event fails alone): what it did before the throw is done again, so be idempotent by `id`.
   * Without it, or for a batch of one, the dispatcher calls `handle` per event.
   */
  handleBatch?(events: readonly OutboxEvent[]): Promise<void>;
  /**
   * For a `deliverOnCommit` event: writes the event's row in the writer's transaction, in one
   * statement with its own work (one round trip instead of two; a throw rolls the writer back):
   * `insertRow` is the row's `insert … returning id`, to run as a CTE of that statement. Answers the
   * row's id and what to run once that transaction has committed (never after a rollback). The first
   * handler that has it writes the row; `handle` still hears the event later from the dispatcher.
   */
  prepareWithRow?(
    tx: Db,
    event: Omit<OutboxEvent, 'id'>,
    insertRow: SQL,
  ): Promise<{ id: number; afterCommit: (() => Promise<void>) | undefined }>;
  /**
   * `prepareWithRow` for an event written by `outbox.statementWithEvent` (decision 074): this
   * handler's part of that one statement, as SQL text written once. `ctes(outboxRow)` answers CTEs
   * (`a as (…), b as (…)`) acting on the new row, the CTE named `outboxRow` (`id`, `event_type`,
   * `payload`, `topics`, `created_at`); the rows of the one named `answer` come back, as JSON
   * objects, to `afterCommit`, which answers what to run once the statement has committed.
   */
  rowStatement?: {
    ctes(outboxRow: string): string;
    answer: string;
    afterCommit(event: OutboxEvent, answer: Record<string, unknown>[]): (() => Promise<void>) | undefined;
  };
}

/** What `outbox.statementWithEvent` writes: the caller's change, ending in its event's one row. */
export interface StatementWithEvent {
  /** The statement's name on PostgreSQL (a named statement, planned once per connection). */
  name: string;
  aggregateType: string;
  eventType: string;
  /**
   * The caller's CTEs (SQL text; `$1…` are the run's values), the last named `event_source`: at most
   * one row (none: nothing changed, no event), with `aggregate_id` (text), `payload` (jsonb),
   * `topics` (text[]), `created_at` (timestamptz) and the caller's own columns.
   */
  change: string;
  /** What the caller reads back from `event_source s` (e.g. `s.message_id`). */
  columns: string;
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
/**
 * Events delivered on commit are recorded so in one statement per this interval, not one per
 * commit: the other process's dispatcher polls each second, so most are marked before it claims
 * them, and one it claims unmarked is only delivered twice (handlers are idempotent by id).
 */
const DELIVERED_MARK_MS = 100;
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

  /** Each open `transaction`'s events: what runs after it commits, and whether any waits for the dispatcher. */
  interface TransactionScope {
    afterCommit: { eventId: number; run: () => Promise<void> }[];
    plainEvents: number;
  }
  const scopeOf = new WeakMap<Db, TransactionScope>();
  /** Ids of events whose after-commit work all ran, waiting for the next batched mark. */
  let deliveredToMark: number[] = [];
  let markTimer: NodeJS.Timeout | undefined;
  let marking: Promise<void> = Promise.resolve();

  /** Writes the event with the caller's change; pass the transaction that makes the change. */
  async function add(executor: Db, event: DomainEvent): Promise<void> {
    const now = clock.now();
    const values = {
      aggregateType: event.aggregateType,
      aggregateId: String(event.aggregateId),
      eventType: event.eventType,
      payload: event.payload ?? null,
      topics: event.topics ?? [],
      createdAt: now,
      nextAttemptAt: now,
    };
    const scope = scopeOf.get(executor);
    const rowWriter = handlers.find((handler) => handler.prepareWithRow);
    // Outside `transaction` nobody would run the after-commit work, and without a row writer nobody
    // acts on commit: the dispatcher does it all.
    if (!scope || !event.deliverOnCommit || !rowWriter?.prepareWithRow) {
      if (scope) scope.plainEvents += 1;
      await executor.insert(outboxEvents).values(values);
      return;
    }
    const insertRow = executor.insert(outboxEvents).values(values).returning({ id: outboxEvents.id });
    // A plain SQL (the query in parentheses), not the builder: the builder is a thenable an
    // `await` would run on its own.
    const prepared = await rowWriter.prepareWithRow(
      executor,
      { ...values, deliveredOnCommit: false },
      sql`${insertRow}`,
    );
    if (prepared.afterCommit) scope.afterCommit.push({ eventId: prepared.id, run: prepared.afterCommit });
  }

  /**
   * `add` as a part of one statement (decision 075): the event's row, written only when `source`
   * has a row; `topics` may be SQL reading `source` (a party known only once the statement runs).
   * The dispatcher delivers it (no after-commit work): call `wake` once the statement has run.
   */
  function addPart(
    source: string,
    event: Omit<DomainEvent, 'topics' | 'deliverOnCommit'> & { topics: SQL | string[] },
  ): StatementPart {
    const now = clock.now();
    return {
      name: `${source}_event`,
      body: sql`${insertFrom(
        outboxEvents,
        {
          aggregateType: event.aggregateType,
          aggregateId: String(event.aggregateId),
          eventType: event.eventType,
          payload: event.payload ?? null,
          topics: event.topics,
          createdAt: now,
          nextAttemptAt: now,
        },
        source,
      )} returning id`,
    };
  }

  /**
   * Runs `work` in a transaction; once it has committed, runs what its `deliverOnCommit` events'
   * handlers prepared (in the order written) and wakes the dispatcher, unless every event it wrote
   * was delivered on commit: what is left of those (notification copies) waits for the next poll,
   * where the claim and the dispatched mark are paid once per batch instead of once per commit.
   */
  async function transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const scope: TransactionScope = { afterCommit: [], plainEvents: 0 };
    const result = await db.transaction((tx) => {
      scopeOf.set(tx as unknown as Db, scope);
      return work(tx as unknown as Db);
    });
    await afterCommitted(scope.afterCommit, scope.plainEvents > 0 || scope.afterCommit.length === 0);
    return result;
  }

  /**
   * A change and its `deliverOnCommit` event in ONE autocommitted statement whose text is built once
   * (decision 074): no BEGIN and COMMIT, one round trip, planned once per connection. The handler
   * with a `rowStatement` (realtime: the topic numbers) adds its part to the same statement; what it
   * answers runs right after, as after `transaction`. `run` answers the caller's columns, or null
   * when `event_source` had no row. `payloadOf` gives the event's payload as the handlers hear it
   * (equal to the SQL `payload`), from the caller's row.
   */
  function statementWithEvent<Row extends Record<string, unknown>>(spec: StatementWithEvent) {
    let built:
      | { run: (values: unknown[]) => Promise<Record<string, unknown>[]>; handler?: OutboxHandler }
      | undefined;
    // Built at the first run: a module's handler subscribes after the services are made.
    const build = () => {
      const handler = handlers.find((candidate) => candidate.rowStatement);
      const part = handler?.rowStatement;
      const text = `with ${spec.change},
        outbox_row as (
          insert into outbox_events (aggregate_type, aggregate_id, event_type, payload, topics, created_at, next_attempt_at)
          select ${literal(spec.aggregateType)}, aggregate_id, ${literal(spec.eventType)}, payload, topics, created_at, created_at
          from event_source
          returning id, aggregate_id, event_type, payload, topics, created_at
        )${part ? `,\n${part.ctes('outbox_row')}` : ''}
        select ${spec.columns}, o.id as outbox_event_id, o.aggregate_id as outbox_aggregate_id, o.topics as outbox_topics, o.created_at as outbox_created_at,
          ${part ? `(select coalesce(json_agg(h), '[]'::json) from ${part.answer} h)` : `'[]'::json`} as handler_answer
        from event_source s join outbox_row o on true`;
      return { run: namedStatement(db, spec.name, text), ...(handler ? { handler } : {}) };
    };
    return async (values: unknown[], payloadOf: (row: Row) => unknown): Promise<Row | null> => {
      built ??= build();
      const [row] = await built.run(values);
      if (!row) return null;
      const event: OutboxEvent = {
        id: Number(row.outbox_event_id),
        aggregateType: spec.aggregateType,
        aggregateId: String(row.outbox_aggregate_id),
        eventType: spec.eventType,
        payload: payloadOf(row as Row),
        topics: row.outbox_topics as string[],
        createdAt: new Date(row.outbox_created_at as string | Date),
        deliveredOnCommit: false,
      };
      const answer = row.handler_answer as Record<string, unknown>[] | string;
      const afterCommit = built.handler?.rowStatement?.afterCommit(
        event,
        typeof answer === 'string' ? JSON.parse(answer) : answer,
      );
      await afterCommitted(afterCommit ? [{ eventId: event.id, run: afterCommit }] : [], !afterCommit);
      return row as Row;
    };
  }

  /**
   * Once a change has committed: runs its events' after-commit work (in the order written), queues
   * their delivered mark, and wakes the dispatcher if something waits for it.
   */
  async function afterCommitted(
    afterCommit: TransactionScope['afterCommit'],
    waitsForDispatcherAnyway: boolean,
  ): Promise<void> {
    let waitsForDispatcher = waitsForDispatcherAnyway;
    const failed = new Set<number>();
    for (const { eventId, run } of afterCommit) {
      try {
        await run();
      } catch (error) {
        // Committed all the same: the dispatcher hands the event to every handler again.
        log.warn({ err: error }, 'outbox after-commit work failed; the dispatcher retries it');
        failed.add(eventId);
        waitsForDispatcher = true;
      }
    }
    for (const { eventId } of afterCommit) {
      if (!failed.has(eventId) && deliveredToMark.at(-1) !== eventId) deliveredToMark.push(eventId);
    }
    if (deliveredToMark.length && !markTimer) {
      markTimer = setTimeout(() => void markDelivered(), DELIVERED_MARK_MS);
      markTimer.unref();
    }
    if (waitsForDispatcher) wake();
  }

  /**
   * Records the events delivered on commit since the last mark, in one statement; marks run one
   * after another, and the answer settles when this one (and any before it) is written.
   */
  function markDelivered(): Promise<void> {
    clearTimeout(markTimer);
    markTimer = undefined;
    const ids = deliveredToMark;
    deliveredToMark = [];
    if (!ids.length) return marking;
    marking = marking.then(async () => {
      try {
        await db
          .update(outboxEvents)
          .set({ deliveredOnCommitAt: clock.now() })
          .where(sql`${outboxEvents.id} in ${ids}`);
      } catch (error) {
        // Unmarked, the events are only delivered again by the dispatcher: idempotent handlers.
        log.warn({ err: error }, 'outbox delivered-on-commit mark not written');
      }
    });
    return marking;
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

  const eventOf = (row: typeof outboxEvents.$inferSelect): OutboxEvent => ({
    id: row.id,
    aggregateType: row.aggregateType,
    aggregateId: row.aggregateId,
    eventType: row.eventType,
    payload: row.payload,
    topics: row.topics,
    createdAt: row.createdAt,
    deliveredOnCommit: row.deliveredOnCommitAt !== null,
  });

  /** Leaves a failed event undispatched, to be tried again after its backoff (if the claim is still ours). */
  async function backOff(row: typeof outboxEvents.$inferSelect, error: unknown) {
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
      .where(and(eq(outboxEvents.id, row.id), eq(outboxEvents.attempts, row.attempts)));
  }

  /**
   * Hands a claimed batch to every handler in turn (decision 080): each handler hears the batch's
   * events in id order, at once through `handleBatch` when it has one, else one by one. An event a
   * handler fails is left out of the later handlers and backs off, as a throw in `handle` did when
   * events went through the handlers one at a time; each event still reaches the handlers in their
   * order, and an aggregate has at most one event in a batch (its head). Answers the handled rows.
   */
  async function dispatchBatch(rows: (typeof outboxEvents.$inferSelect)[]) {
    let pending = rows.map((row) => ({ row, event: eventOf(row) }));
    const failures = new Map<number, unknown>();
    const eachAlone = async (handler: OutboxHandler, items: typeof pending) => {
      for (const { row, event } of items) {
        try {
          await handler.handle(event);
        } catch (error) {
          failures.set(row.id, error);
        }
      }
    };
    for (const handler of handlers) {
      if (!pending.length) break;
      if (handler.handleBatch && pending.length > 1) {
        try {
          await handler.handleBatch(pending.map(({ event }) => event));
        } catch (error) {
          log.warn(
            { err: error, handler: handler.name },
            'outbox batch failed; handing its events one by one',
          );
          await eachAlone(handler, pending);
        }
      } else {
        await eachAlone(handler, pending);
      }
      pending = pending.filter(({ row }) => !failures.has(row.id));
    }
    for (const row of rows) {
      const error = failures.get(row.id);
      if (error !== undefined) await backOff(row, error);
    }
    return pending.map(({ row }) => row);
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
      try {
        const handled = await dispatchBatch(claimed);
        const handledIds = new Set(handled.map((row) => row.id));
        for (const row of claimed) if (!handledIds.has(row.id)) undispatched.delete(row.id);
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
    addPart,
    transaction,
    statementWithEvent,
    wake,
    dispatchPending,
    /** Writes now the pending delivered-on-commit marks (batched every DELIVERED_MARK_MS otherwise). */
    markDelivered,
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
      await markDelivered();
    },
  };
}

/** A constant of the code as an SQL string literal (statement text built once, never user input). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A day-scale sweep: forgets events dispatched longer ago than the retention. */
export async function pruneDispatchedEvents(db: Db, now: Date): Promise<number> {
  const pruned = await db
    .delete(outboxEvents)
    .where(lt(outboxEvents.dispatchedAt, new Date(now.getTime() - DISPATCHED_EVENT_RETENTION_MS)))
    .returning({ id: outboxEvents.id });
  return pruned.length;
}

export type Outbox = ReturnType<typeof createOutbox>;
