import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { DEMO_AVAILABILITY_EVERY_MS, refreshDemoAvailability } from './db/seed/demo-availability';
import { authPlugin } from './http/auth';
import { clientErrorHandler } from './http/client-error';
import { registerCrossSiteCheck } from './http/cross-site';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler';
import { registerFormBodyParser } from './http/form-body';
import { openApiTransform } from './http/openapi';
import { isServerPath } from './http/paths';
import { registerRateLimit } from './http/rate-limit';
import { requestContext } from './http/request-context';
import { RequestLog, registerRequestLog, requestLoggerFactory } from './http/request-log';
import { computeSecurityHeaderSets, registerSecurityHeaders } from './http/security-headers';
import { startJobRunner } from './jobs/runner';
import { type Clock, systemClock } from './lib/clock';
import { createCatalogModule } from './modules/catalog';
import {
  citiesRoutes,
  createCitiesRepository,
  createCitiesService,
  createGeoRepository,
  createGeoService,
  geoRoutes,
} from './modules/geo';
import { createIdentityModule } from './modules/identity';
import { createPlatformRepository, createPlatformService, platformRoutes } from './modules/platform';
import { healthRoutes } from './modules/platform/health.routes';
import { createLocalEventBus, type EventBus, registerRealtime } from './modules/realtime';

export const APP_VERSION = '2.6.82';
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  bus?: EventBus;
  /** Where the app's and the requests' logs go (stdout by default); benchmarks send them to /dev/null. */
  logStream?: DestinationStream;
}

/** Builds the whole application (used by the server, the tests and the benchmarks). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const bus = deps.bus ?? createLocalEventBus();

  const securityHeaders = computeSecurityHeaderSets({
    documentPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain http on localhost in development; HSTS belongs to the TLS proxy.
    hsts: config.NODE_ENV === 'production',
  });
  const logger =
    config.LOG_LEVEL === 'silent'
      ? undefined
      : pino(
          {
            level: config.LOG_LEVEL,
            redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
          },
          deps.logStream ?? pino.destination(1),
        );
  // Fastify runs without a logger of its own: with one it adds two listeners to every response just
  // to time it. Requests log through RequestLogger, the app through `logger` (decision 008).
  const app = Fastify({
    logger: false,
    ...(logger ? { childLoggerFactory: requestLoggerFactory(logger) } : {}),
    logController: new RequestLog(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(securityHeaders.api),
    clientErrorHandler: clientErrorHandler(securityHeaders.api),
  });
  if (logger) app.log = logger;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestContext);
  if (logger) registerRequestLog(app);
  registerErrorHandling(app, { bodyLimitBytes: config.BODY_LIMIT_BYTES });
  await registerFormBodyParser(app, { bodyLimitBytes: config.BODY_LIMIT_BYTES });

  registerSecurityHeaders(app, securityHeaders);
  registerCrossSiteCheck(app, { corsOrigins: config.CORS_ORIGINS });
  // Without configured origins the API is same-origin only: no CORS headers, and no per-request hook.
  if (config.CORS_ORIGINS.length)
    await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
  await registerRateLimit(app, { redisUrl: config.REDIS_URL });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sabai API',
        version: APP_VERSION,
        description: 'Envelope {code, msg, data}; code 0 is success.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: openApiTransform,
  });
  // The document is always built (tests walk it); it is served at /docs only where API_DOCS allows.
  // The app-wide CSP covers the docs; swagger-ui's own adds upgrade-insecure-requests, which breaks plain http on a LAN.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  // Identity first: its auth hook resolves the `token` header and enforces every /app route's access.
  const identity = createIdentityModule({ db: database.db, clock, config, log: app.log, bus });
  await app.register(authPlugin, { lookupSession: identity.identity.lookupSession });
  if (config.NODE_ENV !== 'test') {
    let jobs: ReturnType<typeof startJobRunner> | undefined;
    app.addHook('onReady', async () => {
      jobs = startJobRunner(
        [
          { name: 'complete-cancellations', everyMs: 60_000, run: identity.completeDueCancellations },
          // Demo installations only: keeps demo therapists showing "bookable later" on a long-running server.
          ...(config.seedDemoData
            ? [
                {
                  name: 'demo-availability',
                  everyMs: DEMO_AVAILABILITY_EVERY_MS,
                  run: (now: Date) => refreshDemoAvailability(database.db, now),
                },
              ]
            : []),
        ],
        { clock, log: app.log },
      );
    });
    app.addHook('onClose', async () => jobs?.stop());
  }

  await app.register(healthRoutes, { database, bus, version: APP_VERSION });
  await registerRealtime(app, { bus });
  await app.register(
    async (api) => {
      const cities = createCitiesService({ repository: createCitiesRepository(database.db), clock });
      await api.register(citiesRoutes, { service: cities });
      await api.register(
        createCatalogModule({ db: database.db, clock, getOpenCity: cities.getOpenCity }).routes,
      );
      await api.register(geoRoutes, {
        service: createGeoService({ repository: createGeoRepository(database.db), clock }),
      });
      await api.register(platformRoutes, {
        service: createPlatformService({ repository: createPlatformRepository(database.db) }),
      });
      await api.register(identity.routes);
    },
    { prefix: '/app' },
  );

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}

/** Serves the built web app; unknown non-API paths get index.html so history routing works. */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // Nothing the browser needs starts with a dot; the build stamp (.source-hash) is the server's own.
    dotfiles: 'ignore',
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url;
    if (isServerPath(url)) {
      return reply.callNotFound();
    }
    const relative = decodeURIComponent(url.split('?')[0] ?? '/').replace(/^\/+/, '');
    const isFile = relative && !relative.includes('..') && existsSync(path.join(distDir, relative));
    return isFile ? reply.sendFile(relative) : reply.sendFile('index.html');
  });
}
