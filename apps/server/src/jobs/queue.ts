import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { insertFrom, type StatementPart } from '../db/one-statement';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';

/** A kind of job: its name, the schema its payload must satisfy and how it retries. */
export interface JobType<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** Runs after the last failed attempt turn the job dead. */
  maxAttempts: number;
  /** The wait after the n-th failure is min(maxBackoffMs, backoffMs × 2^(n-1)). */
  backoffMs: number;
  maxBackoffMs: number;
}

export function defineJobType<Schema extends z.ZodType>(
  name: string,
  payload: Schema,
  retry: Partial<Pick<JobType<unknown>, 'maxAttempts' | 'backoffMs' | 'maxBackoffMs'>> = {},
): JobType<z.output<Schema>> {
  return {
    name,
    payload: payload as z.ZodType<z.output<Schema>>,
    maxAttempts: retry.maxAttempts ?? 8,
    backoffMs: retry.backoffMs ?? 5_000,
    maxBackoffMs: retry.maxBackoffMs ?? 60 * 60_000,
  };
}

export interface JobRun {
  id: number;
  /** 1 on the first run. */
  attempt: number;
  uniqueKey: string | null;
}

/** What runs a job type. Jobs run at least once: a handler must be safe to run again. */
export interface JobHandler<Payload = never> {
  type: JobType<Payload>;
  run(payload: Payload, job: JobRun): Promise<void>;
}

export const handleJob = <Payload>(
  type: JobType<Payload>,
  run: (payload: Payload, job: JobRun) => Promise<void>,
): JobHandler<Payload> => ({ type, run });

export interface EnqueueOptions {
  /** When to run; default now. */
  runAt?: Date;
  delayMs?: number;
  /** While a job of this name and key is pending or running, enqueueing another does nothing. */
  uniqueKey?: string;
}

/** Why the queue will not start or accept a job. */
/** A job to add: its type, payload and options (`enqueueMany`, `partsOf`). */
export type EnqueueItem = {
  // biome-ignore lint/suspicious/noExplicitAny: jobs of different payload types in one list
  type: JobType<any>;
  payload: unknown;
  options?: EnqueueOptions;
};

export class JobRegistryError extends Error {
  override name = 'JobRegistryError';
}

const POLL_MS = 1_000;
const BATCH_SIZE = 5;
/** A claimed job is another worker's to take once this long has passed (its worker is presumed dead). */
const LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 2_000;

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different payload types share one list
  handlers: readonly JobHandler<any>[];
  /** Job types the modules enqueue; each must have a handler, or the queue is not built. */
  declared?: readonly JobType<unknown>[];
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

/**
 * A job queue in the `jobs` table (decision 014). Any number of queues, in one process or several,
 * may poll the same table: a job is claimed by one UPDATE over rows locked FOR UPDATE SKIP LOCKED.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  // biome-ignore lint/suspicious/noExplicitAny: see handlers above
  const handlers = new Map<string, JobHandler<any>>();
  /** The job names this queue claims: those it has a handler for. */
  let names: string[] = [];
  let stopped = true;
  let hasStarted = false;

  // biome-ignore lint/suspicious/noExplicitAny: see handlers above
  function register(handler: JobHandler<any>) {
    if (hasStarted)
      throw new JobRegistryError(`job "${handler.type.name}" registered after the queue started`);
    if (handlers.has(handler.type.name)) {
      throw new JobRegistryError(`job "${handler.type.name}" has two handlers`);
    }
    handlers.set(handler.type.name, handler);
    names = [...handlers.keys()];
  }
  for (const handler of options.handlers) register(handler);
  const unhandled = (options.declared ?? []).filter((type) => !handlers.has(type.name));
  if (unhandled.length) {
    throw new JobRegistryError(`declared jobs without a handler: ${unhandled.map((t) => t.name).join(', ')}`);
  }
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  function handlerOf(type: JobType<unknown>) {
    const handler = handlers.get(type.name);
    if (!handler || handler.type !== type) {
      throw new JobRegistryError(`job "${type.name}" has no handler in this queue`);
    }
    return handler;
  }

  /** The rows `items` insert: each payload checked by its type, each type known to this queue. */
  function rowsOf(items: readonly EnqueueItem[]) {
    const now = clock.now().getTime();
    return items.map(({ type, payload, options = {} }) => {
      handlerOf(type as JobType<unknown>);
      return {
        name: type.name,
        uniqueKey: options.uniqueKey ?? null,
        payload: type.payload.parse(payload) as object,
        runAt: options.runAt ?? new Date(now + (options.delayMs ?? 0)),
        maxAttempts: type.maxAttempts,
      };
    });
  }

  /**
   * Inserts the jobs in one statement, each skipped when a live job of its name and unique key
   * exists; answers the ids of those added.
   */
  async function insertJobs(executor: Db, items: readonly EnqueueItem[]): Promise<number[]> {
    if (items.length === 0) return [];
    const inserted = await executor
      .insert(jobs)
      .values(rowsOf(items))
      .onConflictDoNothing({
        target: [jobs.name, jobs.uniqueKey],
        where: sql`unique_key is not null and state in ('pending', 'running')`,
      })
      .returning({ id: jobs.id });
    return inserted.map((row) => row.id);
  }

  /**
   * Adds a job; pass a transaction to make it part of the caller's change (it runs only if that
   * commits). Answers the new job's id, or null when a live job with the same unique key exists.
   */
  async function enqueue<Payload>(
    executor: Db,
    type: JobType<Payload>,
    payload: Payload,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const [id] = await insertJobs(executor, [{ type, payload, options }]);
    return id ?? null;
  }

  /**
   * Adds several jobs in one statement (decision 069: the order watch sets three timers per
   * payment); each is skipped, as with `enqueue`, when a live job of its name and unique key exists.
   * Answers how many were added.
   */
  async function enqueueMany(executor: Db, items: readonly EnqueueItem[]): Promise<number> {
    return (await insertJobs(executor, items)).length;
  }

  /**
   * Cancels the pending job of this name (or of any of these names) and key, in one statement (a
   * running one finishes); answers whether one was.
   */
  async function cancel(
    executor: Db,
    type: JobType<unknown> | readonly JobType<unknown>[],
    uniqueKey: string,
  ): Promise<boolean> {
    const now = clock.now();
    const names = Array.isArray(type)
      ? type.map((t: JobType<unknown>) => t.name)
      : [(type as JobType<unknown>).name];
    const cancelled = await executor
      .update(jobs)
      .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
      .where(and(inArray(jobs.name, names), eq(jobs.uniqueKey, uniqueKey), eq(jobs.state, 'pending')))
      .returning({ id: jobs.id });
    return cancelled.length > 0;
  }

  /**
   * `cancel` then `enqueue` as parts of one statement (decision 075), done only when `source` has
   * a row. The parts share one snapshot, so a pending job of a name both cancelled and added (a
   * deadline that follows its order) cannot be cancelled and then inserted: it is re-armed in
   * place (run time, payload, attempts), which is what the cancel and the insert leave; a
   * running one keeps its key and nothing is added, as with `cancel` + `enqueue`.
   */
  function partsOf(
    source: string,
    cancelled: readonly JobType<unknown>[],
    uniqueKey: string,
    added: readonly EnqueueItem[],
  ): StatementPart[] {
    const now = clock.now().toISOString();
    const addedNames = new Set(added.map((item) => item.type.name));
    const onlyCancelled = cancelled.map((type) => type.name).filter((name) => !addedNames.has(name));
    const parts: StatementPart[] = [];
    if (onlyCancelled.length) {
      parts.push({
        name: `${source}_jobs_cancelled`,
        body: sql`update ${jobs} set state = 'cancelled', updated_at = ${now}::timestamptz, finished_at = ${now}::timestamptz
          where ${inArray(jobs.name, onlyCancelled)} and ${eq(jobs.uniqueKey, uniqueKey)}
            and ${eq(jobs.state, 'pending')} and exists (select 1 from ${sql.identifier(source)})
          returning id`,
      });
    }
    for (const [index, row] of rowsOf(added).entries()) {
      const rearms = cancelled.some((type) => type.name === row.name);
      parts.push({
        name: `${source}_jobs_added_${index}`,
        body: sql`${insertFrom(jobs, row, source)}
          on conflict (name, unique_key) where unique_key is not null and state in ('pending', 'running')
          ${
            rearms
              ? sql`do update set run_at = excluded.run_at, payload = excluded.payload, max_attempts = excluded.max_attempts,
                  attempts = 0, last_error = null, locked_until = null, updated_at = ${now}::timestamptz
                  where jobs.state = 'pending'`
              : sql`do nothing`
          } returning id`,
      });
    }
    return parts;
  }

  /** Claims up to a batch of due jobs and runs them; answers how many it claimed. */
  async function runDue(): Promise<number> {
    if (!names.length) return 0;
    const now = clock.now();
    await buryExpiredLastAttempts(now);
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(
            and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)),
            and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(inArray(jobs.id, due))
      .returning();
    await Promise.all(claimed.map((job) => runOne(job)));
    return claimed.length;
  }

  /** A job whose last attempt's worker died is dead, not run once more than it may be. */
  async function buryExpiredLastAttempts(now: Date) {
    await db
      .update(jobs)
      .set({
        state: 'dead',
        lastError: 'worker lost during the last attempt',
        updatedAt: now,
        finishedAt: now,
      })
      .where(
        and(
          eq(jobs.state, 'running'),
          lte(jobs.lockedUntil, now),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      );
  }

  async function runOne(job: typeof jobs.$inferSelect) {
    const handler = handlers.get(job.name) as JobHandler<unknown>;
    // Only the claim that is still current may settle the job: after a lost lease another worker owns it.
    const isCurrentClaim = and(
      eq(jobs.id, job.id),
      eq(jobs.state, 'running'),
      eq(jobs.attempts, job.attempts),
    );
    try {
      const parsed = handler.type.payload.safeParse(job.payload);
      if (!parsed.success) {
        await db
          .update(jobs)
          .set({
            state: 'dead',
            lastError: `payload invalid: ${parsed.error.message}`.slice(0, MAX_ERROR_LENGTH),
          })
          .where(isCurrentClaim);
        return;
      }
      await handler.run(parsed.data, { id: job.id, attempt: job.attempts, uniqueKey: job.uniqueKey });
      const now = clock.now();
      await db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, updatedAt: now, finishedAt: now })
        .where(isCurrentClaim);
    } catch (error) {
      const now = clock.now();
      const isLast = job.attempts >= job.maxAttempts;
      const wait = Math.min(handler.type.maxBackoffMs, handler.type.backoffMs * 2 ** (job.attempts - 1));
      const lastError = (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      log[isLast ? 'error' : 'warn'](
        { err: error, job: job.name, jobId: job.id, attempt: job.attempts },
        isLast ? 'job failed for the last time' : 'job failed; will retry',
      );
      await db
        .update(jobs)
        .set(
          isLast
            ? { state: 'dead', lastError, lockedUntil: null, updatedAt: now, finishedAt: now }
            : {
                state: 'pending',
                lastError,
                lockedUntil: null,
                updatedAt: now,
                runAt: new Date(now.getTime() + wait),
              },
        )
        .where(isCurrentClaim)
        .catch((settleError) => log.error({ err: settleError, jobId: job.id }, 'job outcome not recorded'));
    }
  }

  /** Refuses live jobs this process could never run: a deploy that dropped a handler must not strand them. */
  async function assertEveryLiveJobHasAHandler() {
    const live = await db
      .selectDistinct({ name: jobs.name })
      .from(jobs)
      .where(inArray(jobs.state, ['pending', 'running']));
    const orphans = live.map((row) => row.name).filter((name) => !handlers.has(name));
    if (orphans.length) {
      throw new JobRegistryError(`jobs without a handler are waiting: ${orphans.sort().join(', ')}`);
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      const work = runDue()
        .then(
          (count) => schedule(count === batchSize ? 0 : pollMs),
          (error) => {
            log.error({ err: error }, 'job queue poll failed');
            schedule(pollMs);
          },
        )
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    }, delayMs);
    timer.unref();
  }

  return {
    /** Adds a module's handler; only before the queue starts, so the start checks every handler. */
    register,
    enqueue,
    enqueueMany,
    cancel,
    partsOf,
    runDue,
    assertEveryLiveJobHasAHandler,
    /** Checks the registry against the table, then polls about once a second. */
    async start() {
      hasStarted = true;
      await assertEveryLiveJobHasAHandler();
      stopped = false;
      schedule(0);
    },
    /** Stops polling and waits for the jobs being run. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
