import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, inject } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app';
import { type AppConfig, testConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import { findLedgerViolations } from '../src/modules/ledger';
import type { EventBus } from '../src/modules/realtime';
import { withDatabase } from './global-setup';
import { watchContract } from './openapi-contract';

/** A fresh, migrated database with reference data, private to the calling test file. */
/**
 * Issue #14: after every test file, every ledger entry sums to zero and every balance equals its
 * postings — whatever the file did, through whichever route.
 */
async function assertLedgerHolds(database: Database): Promise<void> {
  const violations = await findLedgerViolations(database.db);
  if (violations.length > 0) throw new Error(`the ledger does not hold:\n${violations.join('\n')}`);
}

export async function openTestDatabase(): Promise<Database> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const dump = new Blob([readFileSync(target.dumpPath)]);
    const database = await openDatabase({ dataDir: undefined, loadDataDir: dump });
    afterAll(async () => {
      await assertLedgerHolds(database);
      await database.close();
    });
    return database;
  }
  const name = `sabai_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(target.url, name), poolSize: 4 });
  afterAll(async () => {
    try {
      await assertLedgerHolds(database);
    } finally {
      await database.close();
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return database;
}

export interface TestAppOptions {
  config?: Partial<Record<keyof AppConfig, string>>;
  database?: Database;
  clock?: Clock;
  bus?: EventBus;
  jobHandlers?: AppDependencies['jobHandlers'];
  outboxHandlers?: AppDependencies['outboxHandlers'];
  paymentProviders?: AppDependencies['paymentProviders'];
  pushSender?: AppDependencies['pushSender'];
  telegramBot?: AppDependencies['telegramBot'];
  /** Where the app's logs go (with `config.LOG_LEVEL` other than the tests' `silent`). */
  logStream?: DestinationStream;
  /** Adds routes before the app is sealed (e.g. a route that crashes, to test the error handler). */
  extend?: (app: FastifyInstance) => void;
  /**
   * Whether every answer is checked against the app's OpenAPI document (issue #37; on unless a file
   * deliberately answers outside it). A violation fails the file after its tests.
   */
  contract?: boolean;
}

/** The real application on a private database, closed after the file's tests. */
export async function createTestApp(
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.jobHandlers ? { jobHandlers: options.jobHandlers } : {}),
    ...(options.outboxHandlers ? { outboxHandlers: options.outboxHandlers } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    ...(options.pushSender ? { pushSender: options.pushSender } : {}),
    ...(options.telegramBot ? { telegramBot: options.telegramBot } : {}),
  });
  options.extend?.(app);
  const contract = options.contract === false ? undefined : watchContract(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    if (contract?.violations.length)
      throw new Error(
        `answers that the OpenAPI document (/docs) does not describe:\n${[...new Set(contract.violations)].join('\n')}`,
      );
  });
  return { app, database };
}
