import type { AppModule, ModuleContext } from '../../app-module';
import type { Database } from '../../db/client';
import { deleteExpiredIdempotencyKeys } from '../../http/idempotency';
import { pruneFinishedJobs } from '../../jobs/runner';
import { pruneDispatchedEvents } from '../../outbox/outbox';
import { healthRoutes } from './health.routes';
import { createPlatformRepository } from './platform.repository';
import { platformRoutes } from './platform.routes';
import { createPlatformService } from './platform.service';

export type { PlatformService } from './platform.service';

const HOUR_MS = 60 * 60_000;

/**
 * The platform: typed configuration rows and app versions under /app, `/health` outside it, and the
 * hourly sweeps that keep the platform's own tables small (kept answers, finished jobs, sent events).
 */
export function createPlatformModule(
  context: Pick<ModuleContext, 'db' | 'bus' | 'clock'>,
  needs: { database: Database; version: string },
): AppModule<undefined> {
  const { db } = context;
  return {
    name: 'platform',
    api: undefined,
    routes: async (api) => {
      await api.register(platformRoutes, {
        service: createPlatformService({
          repository: createPlatformRepository(db),
          db,
          clock: context.clock,
        }),
      });
    },
    mount: async (app) => {
      await app.register(healthRoutes, {
        database: needs.database,
        bus: context.bus,
        version: needs.version,
      });
    },
    sweeps: [
      {
        name: 'delete-expired-idempotency-keys',
        everyMs: HOUR_MS,
        run: (now) => deleteExpiredIdempotencyKeys(db, now),
      },
      { name: 'prune-dispatched-events', everyMs: HOUR_MS, run: (now) => pruneDispatchedEvents(db, now) },
      { name: 'prune-finished-jobs', everyMs: HOUR_MS, run: (now) => pruneFinishedJobs(db, now) },
    ],
  };
}
