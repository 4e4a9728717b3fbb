import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ORDER_AGREEMENTS, SIGN_UP_AGREEMENTS } from '@sabai/shared/help/help-rules';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppModule, ModuleContext } from './app-module';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { createLiveOrderDemoModule } from './demo';
import { authPlugin } from './http/auth';
import { clientErrorHandler } from './http/client-error';
import { registerJsonCompression } from './http/compression';
import { registerCrossSiteCheck } from './http/cross-site';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler';
import { createFirstScreen, type FirstScreen } from './http/first-screen';
import { registerFormBodyParser } from './http/form-body';
import { idempotencyPlugin } from './http/idempotency';
import { openApiDocumentTransform, openApiTransform } from './http/openapi';
import { isServerPath } from './http/paths';
import { registerRateLimit } from './http/rate-limit';
import { requestContext } from './http/request-context';
import { RequestLineLog } from './http/request-log';
import { computeSecurityHeaderSets, registerSecurityHeaders } from './http/security-headers';
import {
  LIST_NOTE_SCRIPT_SOURCE,
  loadWebShell,
  PRELOAD_SCRIPT_SOURCE,
  shellLanguage,
} from './http/web-shell';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { type PeriodicJob, startJobRunner } from './jobs/runner';
import { type Clock, systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createBookingModule, createBookingSettingsOf } from './modules/booking';
import { createCatalogModule } from './modules/catalog';
import { createChatModule } from './modules/chat';
import { createCouponsModule } from './modules/coupons';
import { createDevPaymentsModule } from './modules/dev-payments';
import { createGeoModule } from './modules/geo';
import { createHelpModule } from './modules/help';
import { createIdentityModule } from './modules/identity';
import { createLedgerModule } from './modules/ledger';
import { createNotificationsModule, type PushSender } from './modules/notifications';
import { createPaymentSettingsOf, createPaymentsModule } from './modules/payments';
import { createPlatformModule } from './modules/platform';
import {
  createLocalEventBus,
  createRealtimeModule,
  createTopicAccess,
  type EventBus,
  type TopicAccess,
} from './modules/realtime';
import { createReviewsModule } from './modules/reviews';
import { createTelegramModule, type TelegramBot } from './modules/telegram';
import { createVipModule } from './modules/vip';
import { createWithdrawalsModule } from './modules/withdrawals';
import { createOutbox, type Outbox, type OutboxHandler } from './outbox/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs table's queue: modules enqueue deferred work through it (decision 014). */
    jobs: JobQueue;
    /** Domain events written with the change that caused them, dispatched after commit (decision 015). */
    outbox: Outbox;
    /** Modules declare here who may subscribe to their topic prefix (decision 016). */
    realtime: { declareTopic: TopicAccess['declare'] };
    /** The modules' periodic sweeps (decision 003): the runner calls them; tests call one by name. */
    sweeps: PeriodicJob[];
  }
}

export const APP_VERSION = '2.6.82';
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  bus?: EventBus;
  /** Handlers of the jobs table's job types (decision 014); the queue refuses to start without one for a waiting job. */
  jobHandlers?: Parameters<typeof createJobQueue>[0]['handlers'];
  /** Hear every committed domain event after the realtime publication (decision 015). */
  outboxHandlers?: OutboxHandler[];
  /** Payment providers in place of the development sandbox (tests that fail a provider on purpose). */
  paymentProviders?: Parameters<typeof createPaymentsModule>[1]['providers'];
  /** A Web Push sender in place of `web-push` (tests post to a local push endpoint instead). */
  pushSender?: PushSender;
  /** The Telegram bot in place of the configured one (tests read what the development bot sent). */
  telegramBot?: TelegramBot;
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
        // The drawn page's inline scripts, by their hashes (http/web-shell.ts, decisions 082, 083).
        scriptSrc: ["'self'", PRELOAD_SCRIPT_SOURCE, LIST_NOTE_SCRIPT_SOURCE],
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain http on localhost in development; HSTS belongs to the TLS proxy.
    hsts: config.NODE_ENV === 'production',
  });
  // Silent (the tests' default) runs Fastify without a logger: no per-request child to make.
  const logger: FastifyBaseLogger | undefined =
    config.LOG_LEVEL === 'silent'
      ? undefined
      : createLogger({ level: config.LOG_LEVEL, stream: deps.logStream });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new RequestLineLog(),
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestContext);
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
        description:
          'Envelope {code, msg, data}; code 0 is success, any other code a refusal (401: log in again).',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          deviceId: { type: 'apiKey', in: 'header', name: 'deviceId' },
        },
      },
    },
    transform: openApiTransform,
    transformObject: openApiDocumentTransform,
  });
  // The document is always built (tests walk it); it is served at /docs only where API_DOCS allows.
  // The app-wide CSP covers the docs; swagger-ui's own adds upgrade-insecure-requests, which breaks plain http on a LAN.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  // The platform every module stands on: the jobs table, the outbox and who may hear which topic.
  const jobQueue = createJobQueue({ db: database.db, clock, log: app.log, handlers: deps.jobHandlers ?? [] });
  const outbox = createOutbox({ db: database.db, clock, log: app.log, handlers: [] });
  const topics = createTopicAccess();
  app.decorate('jobs', jobQueue);
  app.decorate('outbox', outbox);
  app.decorate('realtime', { declareTopic: topics.declare });
  const context: ModuleContext = {
    db: database.db,
    clock,
    config,
    log: app.log,
    bus,
    jobs: jobQueue,
    outbox,
    topics,
  };

  // Identity first: its auth hook resolves the `token` header and enforces every /app route's access.
  // Built before identity and booking: a sign-up and an order accept the current agreements in
  // their own transactions (decision 054).
  const help = createHelpModule(context);
  const identity = createIdentityModule(context, {
    acceptAgreementsWithin: (tx, userId, at) =>
      help.api.acceptCurrentWithin(tx, userId, SIGN_UP_AGREEMENTS, 'signUp', at),
  });
  await app.register(authPlugin, { lookupSession: identity.api.lookupSession });
  await app.register(idempotencyPlugin, { db: database.db, clock });
  const geo = createGeoModule(context);
  const ledger = createLedgerModule(context);
  const withdrawals = createWithdrawalsModule(context, {
    ledger: ledger.api.ledger,
    timeZoneOf: geo.api.timeZoneOf,
  });
  // Coupons and VIP before booking: its quote asks them for the discount and the member price.
  const coupons = createCouponsModule(context);
  const vip = createVipModule(context, {
    ledger: ledger.api.ledger,
    cities: geo.api,
    bookingSettingsOf: createBookingSettingsOf(context.db),
    onMembershipChanged: (userId) => identity.api.accountsChanged([userId]),
  });
  const paymentSettingsOf = createPaymentSettingsOf(context.db);
  const booking = createBookingModule(context, {
    cities: geo.api,
    coupons: coupons.api.coupons,
    isMember: vip.api.vip.isMember,
    acceptAgreementsWithin: (tx, userId, at) =>
      help.api.acceptCurrentWithin(tx, userId, ORDER_AGREEMENTS, 'order', at),
    acceptAgreementsPart: (source, userId, at) =>
      help.api.acceptCurrentPart(source, userId, ORDER_AGREEMENTS, 'order', at),
    // The earnings the workbench shows are after the platform's share, as settled (decision 108).
    platformShareOf: async (cityId) => (await paymentSettingsOf(cityId)).platformShareBasisPoints,
  });
  const payments = createPaymentsModule(context, {
    ledger: ledger.api.ledger,
    orders: booking.api.orders,
    recordStaffMoneyAction: booking.api.recordStaffMoneyAction,
    therapistOfUser: withdrawals.api.therapistOfUser,
    orderAccess: booking.api.orderAccess,
    timeZonesOfOrders: booking.api.timeZonesOfOrders,
    cities: geo.api,
    ...(deps.paymentProviders ? { providers: deps.paymentProviders } : {}),
  });
  // Decision 051: the annual card is one more payment purpose.
  vip.api.vip.connectPayments(payments.api.purposes);
  const notifications = createNotificationsModule(
    context,
    { booking: booking.api },
    deps.pushSender ? { pushSender: deps.pushSender } : {},
  );
  const catalog = createCatalogModule(context, { cities: geo.api, availability: booking.api.earliestStarts });
  const modules: AppModule[] = [
    identity,
    // Realtime before the others: its publisher is the first to hear a committed event.
    createRealtimeModule(context, {
      lookupSession: identity.api.lookupSession,
      onAccountsChanged: identity.api.onAccountsChanged,
    }),
    geo,
    // Booking is built before the list: the catalogue's cards ask it who is free (decision 036).
    catalog,
    booking,
    ledger,
    // After booking: its order events reach the money (completion, cancellation settlement).
    payments,
    // After booking: a cancelled order's coupon goes back once booking has committed it.
    coupons,
    vip,
    withdrawals,
    ...(config.PAYMENTS_DEV_CONFIRM && config.NODE_ENV !== 'production'
      ? [createDevPaymentsModule({ orders: booking.api.orders })]
      : []),
    // After booking: it hears booking's order events once booking's own listener has.
    notifications,
    // Reviews and complaints (decision 049): about booking's orders, through its api.
    createReviewsModule(context, { booking: booking.api }),
    // Rings a callee in the background by Web Push (decision 063); who sees an order is booking's
    // one policy (decision 102); after booking, it hears an order's end (decision 103).
    createChatModule(context, {
      orderAccess: booking.api.orderAccess,
      incomingCallNotifier: notifications.api.incomingCalls,
    }),
    help,
    createPlatformModule(context, { database, version: APP_VERSION }),
    // Hears notifications' and chat's events: copies them to linked Telegram chats (decision 055).
    createTelegramModule(context, deps.telegramBot ? { bot: deps.telegramBot } : {}),
    // Demo installations keep one order waiting for the demo therapist, booked live (decision 107).
    ...(config.seedDemoData
      ? [
          createLiveOrderDemoModule(context, {
            createHomeVisit: (me, body) => booking.api.orders.createHomeVisit(me, body),
            pay: (me, orderId, method) => payments.api.payments.pay(me, orderId, method),
            ledger: ledger.api.ledger,
          }),
        ]
      : []),
  ];

  for (const module of modules) {
    for (const handler of module.jobs ?? []) jobQueue.register(handler);
    for (const handler of module.subscriptions ?? []) outbox.subscribe(handler);
  }
  for (const handler of deps.outboxHandlers ?? []) outbox.subscribe(handler);
  app.decorate(
    'sweeps',
    modules.flatMap((module) => module.sweeps ?? []),
  );
  registerBackgroundWork(app, {
    jobQueue,
    outbox,
    sweeps: app.sweeps,
    runInBackground: config.NODE_ENV !== 'test',
    clock,
  });

  for (const module of modules) await module.mount?.(app);
  await app.register(
    async (api) => {
      // Only the API's answers: the web app's files go out precompressed (registerWebApp).
      await registerJsonCompression(api);
      for (const module of modules) if (module.routes) await api.register(module.routes);
    },
    { prefix: '/app' },
  );

  await registerWebApp(
    app,
    config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    createFirstScreen(
      { homeBanner: catalog.api.catalog.firstBanner, therapist: catalog.api.catalog.therapistTop },
      clock,
    ),
  );
  return app;
}

/**
 * Runs the modules' sweeps, the jobs queue and the outbox dispatcher while the app is up. Tests drive
 * the queue and the outbox themselves (runDue, dispatchPending), but a waiting job without a handler
 * fails them as it fails a start.
 */
function registerBackgroundWork(
  app: FastifyInstance,
  work: {
    jobQueue: JobQueue;
    outbox: Outbox;
    sweeps: PeriodicJob[];
    runInBackground: boolean;
    clock: Clock;
  },
) {
  if (!work.runInBackground) {
    app.addHook('onReady', () => work.jobQueue.assertEveryLiveJobHasAHandler());
    // No dispatcher to stop, but the delivered-on-commit marks still pending are written before
    // the database closes (decision 066).
    app.addHook('onClose', () => work.outbox.markDelivered());
    return;
  }
  let sweeps: ReturnType<typeof startJobRunner> | undefined;
  app.addHook('onReady', async () => {
    sweeps = startJobRunner(work.sweeps, { clock: work.clock, log: app.log });
    await work.jobQueue.start();
    work.outbox.start();
  });
  app.addHook('onClose', async () => {
    await work.jobQueue.stop();
    await work.outbox.stop();
    await sweeps?.stop();
  });
}

/** Serves the built web app; unknown non-API paths get index.html so history routing works. */
async function registerWebApp(app: FastifyInstance, distDir: string, firstScreen: FirstScreen) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // `/` is the app's page, drawn with its shell below, not the bare index.html.
    index: false,
    // Nothing the browser needs starts with a dot; the build stamp (.source-hash) is the server's own.
    dotfiles: 'ignore',
    // The build writes .br and .gz beside each text asset (apps/web/scripts/compress-dist.mjs): the
    // file the browser's Accept-Encoding prefers is sent as is, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shell = loadWebShell(distDir);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url;
    if (isServerPath(url)) {
      return reply.callNotFound();
    }
    const relative = decodeURIComponent(url.split('?')[0] ?? '/').replace(/^\/+/, '');
    const isFile = relative && !relative.includes('..') && existsSync(path.join(distDir, relative));
    if (isFile) return reply.sendFile(relative);
    if (!shell) return reply.sendFile('index.html');
    // The page in the user's language, its shell drawn (decision 050), with what its first screen
    // shows from data (decision 092).
    const language = shellLanguage(request.headers);
    const pathname = `/${relative}`.replace(/(.)\/+$/, '$1');
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    const drawn = await firstScreen.draw(pathname, { query, cookie: request.headers.cookie, language });
    const page = shell.page(pathname, language, drawn);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie, lang');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.html);
  });
}
