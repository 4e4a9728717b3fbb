import { buildApp } from './app';
import { ConfigError, parseEnv } from './config/env';
import { createLogDestination } from './lib/log-destination';
import { createLocalEventBus, createRedisEventBus } from './modules/realtime';
import { openConfiguredDatabase, prepareDatabase } from './prepare';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof parseEnv>;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const startedAt = performance.now();
  const database = await openConfiguredDatabase(config);
  const { seeded } = await prepareDatabase(database, config);
  const bus = config.REDIS_URL ? await createRedisEventBus(config.REDIS_URL) : createLocalEventBus();
  const app = await buildApp({ config, database, bus, logStream: createLogDestination() });
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: database.kind,
      realtime: bus.kind,
      demoDataLoaded: seeded,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Sabai is ready on http://localhost:${config.PORT}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
