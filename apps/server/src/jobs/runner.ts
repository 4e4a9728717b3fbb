import { and, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';

/** How long finished jobs stay readable (what ran, when, after how many attempts); dead ones stay until looked at. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** A day-scale sweep: forgets done and cancelled jobs past their retention. */
export async function pruneFinishedJobs(db: Db, now: Date): Promise<number> {
  const pruned = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.state, ['done', 'cancelled']),
        lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS)),
      ),
    )
    .returning({ id: jobs.id });
  return pruned.length;
}

/** A periodic job: `run` does one sweep of due work and must be safe to run in several processes at once. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(now: Date): Promise<number>;
}

/**
 * Runs periodic sweeps in this process (see docs/decisions/003-jobs-as-database-sweeps.md). Each sweep
 * claims its rows with FOR UPDATE SKIP LOCKED, so more server processes simply share the work.
 */
export function startJobRunner(jobs: PeriodicJob[], deps: { clock: Clock; log: FastifyBaseLogger }) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const work = job
        .run(deps.clock.now())
        .then((count) => {
          if (count) deps.log.info({ job: job.name, count }, 'job completed work');
        })
        .catch((error) => deps.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
    setImmediate(tick);
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
