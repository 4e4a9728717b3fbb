import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from './config/env';
import type { Db } from './db/client';
import type { JobHandler, JobQueue } from './jobs/queue';
import type { PeriodicJob } from './jobs/runner';
import type { Clock } from './lib/clock';
import type { EventBus, TopicAccess } from './modules/realtime';
import type { Outbox, OutboxHandler } from './outbox/outbox';

/**
 * What every module is built from (decision 027): the database, the clock, the configuration, the
 * logger, the realtime bus, and the platform's jobs queue, outbox and topic access, which a module
 * uses at request time (enqueue a job, write an event, declare who may subscribe to its topics).
 */
export interface ModuleContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  bus: EventBus;
  jobs: JobQueue;
  outbox: Outbox;
  topics: TopicAccess;
}

/**
 * The one shape of a module: `app.ts` builds each with `createXModule(context, needs)` and loops over
 * the list. Only `api` is for other modules (handed to their factories as `needs`); the rest is
 * for the app to wire.
 */
export interface AppModule<Api = unknown> {
  name: string;
  /** What other modules may use. */
  api: Api;
  /** Routes under `/app`. */
  routes?: FastifyPluginAsync;
  /** What the module mounts on the app itself, outside `/app` (health, the WebSocket endpoint). */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** Day-scale sweeps run by the periodic runner (decision 003). */
  sweeps?: PeriodicJob[];
  /** Handlers of the jobs table's job types this module enqueues (decision 014). */
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different payload types share one list
  jobs?: JobHandler<any>[];
  /** Handlers of committed domain events (decision 015). */
  subscriptions?: OutboxHandler[];
}
