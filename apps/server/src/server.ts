import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, describeMode, parseEnv } from './config/env';
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
  const bus = config.REDIS_URL
    ? await createRedisEventBus(config.REDIS_URL, { channel: config.REALTIME_CHANNEL })
    : createLocalEventBus();
  const app = await buildApp({ config, database, bus, logStream: createLogDestination() });
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
  });

  // Signals and crashes alike close the server (in-flight requests, the jobs, the bus, the database),
  // then exit; the log destination writes out its pending lines at exit.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'crashed; shutting down');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
    },
  );

  // One line says which mode this is and what runs on development defaults (decision 110).
  app.log.info(
    { mode: config.NODE_ENV, developmentFeatures: config.developmentFeatures },
    describeMode(config),
  );
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
