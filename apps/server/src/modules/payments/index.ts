import { idSchema } from '@sabai/shared/input';
import { type CityPaymentSettings, cityPaymentSettingsSchema } from '@sabai/shared/payments/payment-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppModule, ModuleContext } from '../../app-module';
import { ok, okResponse } from '../../http/envelope';
import { isLocalCaller } from '../../http/local-caller';
import { AppError } from '../../lib/app-error';
import type { BookingApi } from '../booking';
import type { LedgerService } from '../ledger';
import { createBakongProvider } from './bakong-provider';
import { createCashPayments } from './cash';
import { createExtrasRepository } from './extras.repository';
import { extrasRoutes } from './extras.routes';
import { createOrderExtras } from './order-extras';
import { createOrderMoney } from './order-money';
import {
  createSandboxProvider,
  EXTERNAL_RAILS,
  type ExternalRail,
  type PaymentProvider,
  qrRailsFrom,
  type SandboxProvider,
} from './payment-provider';
import { createPurposePayments, type PurposePayments } from './payment-purposes';
import { createPaymentWebhooks } from './payment-webhooks';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes, webhookRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsOrders } from './payments.service';
import { createRefunds } from './refunds';
import { refundsRoutes } from './refunds.routes';
import { createTips } from './tips.service';
import { createTopUps, type TopUpCities } from './top-ups.service';
import { createWalletService } from './wallet.service';

export {
  clearingOf,
  escrowOf,
  platformRevenue,
  providerEarningsOf,
  vatPayable,
  walletOf,
} from './accounts';
export { createBakongProvider } from './bakong-provider';
export type { PaymentProvider, SandboxProvider } from './payment-provider';
export { createSandboxProvider, qrRailsFrom, RefundNotSupportedError } from './payment-provider';
export type { PaymentPurposeHandler, PurposePayments, PurposeSubject } from './payment-purposes';

/**
 * A city's payment settings, for modules built before payments that show a money rule: the
 * workbench shows a provider's earnings after the platform's share (decision 108).
 */
export function createPaymentSettingsOf(db: ModuleContext['db']) {
  const repository = createPaymentsRepository(db);
  return async (cityId: number): Promise<CityPaymentSettings> =>
    cityPaymentSettingsSchema.parse((await repository.citySettings(cityId)) ?? {});
}
export { signWebhook } from './webhook-signature';

/**
 * Payments (issue #14, decision 039): paying orders by wallet or through a provider's rail, the
 * providers' webhooks, the order's money on completion and cancellation, and the wallet's pages.
 * Every external rail is a `PaymentProvider`: the QR rails' real payloads (decision 040), KHQR
 * confirmed through Bakong when configured, the development sandbox otherwise.
 */
export function createPaymentsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'log' | 'jobs'>,
  needs: {
    ledger: LedgerService;
    orders: PaymentsOrders;
    recordStaffMoneyAction: BookingApi['recordStaffMoneyAction'];
    /** A provider's earnings and tips join their wallet history (decision 044). */
    therapistOfUser?: (userId: number) => Promise<{ id: number } | undefined>;
    /** An order's entries in the wallet are shown on the order's city's clock (decision 108). */
    timeZonesOfOrders?: BookingApi['timeZonesOfOrders'];
    /** Tests hand in providers that fail on purpose; otherwise the sandbox serves every rail. */
    providers?: Partial<Record<ExternalRail, PaymentProvider>>;
    /** Booking's one order-access policy (decision 102): every route with an order id asks it. */
    orderAccess: BookingApi['orderAccess'];
    /** A city's currency, for its top-up limits. */
    cities?: TopUpCities;
  },
): AppModule<{ payments: ReturnType<typeof createPaymentsService>; purposes: PurposePayments }> {
  const providers: Partial<Record<ExternalRail, PaymentProvider>> = {
    ...defaultProviders(context),
    ...needs.providers,
  };
  const repository = createPaymentsRepository(context.db);
  // Decision 045: every purpose but the order's first payment goes through one registry.
  const purposes = createPurposePayments({
    db: context.db,
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    providers,
    attemptExpiryMinutes: async (cityId) => (await payments.settingsOf(cityId ?? 0)).attemptExpiryMinutes,
  });
  const extrasRepository = createExtrasRepository(context.db);
  const extrasNeeds = { repository, extras: extrasRepository, ledger: needs.ledger, purposes };
  const { orderAccess } = needs;
  const orderExtras = createOrderExtras({
    ...extrasNeeds,
    db: context.db,
    orders: needs.orders,
    orderAccess,
  });
  const tips = createTips({ ...extrasNeeds, clock: context.clock, orders: needs.orders, orderAccess });
  const topUps = createTopUps({
    ...extrasNeeds,
    clock: context.clock,
    ...(needs.cities ? { cities: needs.cities } : {}),
  });
  purposes.register(orderExtras.handler);
  purposes.register(tips.handler);
  purposes.register(topUps.handler);
  const payments = createPaymentsService({
    otherPurposes: purposes,
    db: context.db,
    clock: context.clock,
    log: context.log,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    orderAccess,
    providers,
  });
  const webhooks = createPaymentWebhooks({
    secret: context.config.PAYMENTS_WEBHOOK_SECRET,
    clock: context.clock,
    repository,
    payments,
    providers,
  });
  const wallet = createWalletService({
    ledger: needs.ledger,
    ...(needs.therapistOfUser ? { therapistOfUser: needs.therapistOfUser } : {}),
    ...(needs.timeZonesOfOrders ? { timeZonesOfOrders: needs.timeZonesOfOrders } : {}),
  });
  const refunds = createRefunds({
    db: context.db,
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    orderAccess,
    jobs: () => context.jobs,
    providers,
    settingsOf: payments.settingsOf,
    recordStaffMoneyAction: needs.recordStaffMoneyAction,
  });
  const orderMoney = createOrderMoney({
    db: context.db,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    refunds,
    providers,
    settingsOf: payments.settingsOf,
    clock: context.clock,
  });
  const cash = createCashPayments({
    db: context.db,
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    orderAccess,
    settleCompletion: orderMoney.settleCompletion,
  });
  const isDevelopmentTool = context.config.NODE_ENV !== 'production';

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(paymentsRoutes, { payments, wallet });
    await app.register(webhookRoutes, { webhooks });
    await app.register(refundsRoutes, { refunds, cash });
    await app.register(extrasRoutes, { purposes, orderExtras, tips, topUps });
    if (isDevelopmentTool) await app.register(simulatePaidRoute);
  };

  /**
   * Development only: the sandbox "pays" an attempt and sends its correctly signed webhook
   * through the same check as a provider's. Never mounted in production; loopback callers only.
   */
  const simulatePaidRoute: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isLocalCaller(request)) throw new AppError('devToolLocalOnly');
    });
    app.post(
      '/dev/payments/attempts/:attemptId/simulate-paid',
      {
        config: { access: 'public', refusals: ['devToolLocalOnly'] },
        schema: {
          tags: ['development'],
          summary: 'Development only: the sandbox marks an attempt paid and sends its signed webhook',
          params: z.object({ attemptId: idSchema }),
          response: okResponse(z.object({ outcome: z.string() })),
        },
      },
      async (request) => {
        const attempt = await repository.attempt(request.params.attemptId);
        // Whichever provider serves the rail, as long as it is a sandbox (it can be "paid").
        const provider = attempt ? providers[attempt.method as ExternalRail] : undefined;
        const sandbox = provider && 'markPaid' in provider ? (provider as SandboxProvider) : undefined;
        if (!attempt || !sandbox) throw new AppError('notFound');
        sandbox.markPaid(attempt.providerReference);
        const signed = webhooks.signedEvent({
          eventId: `sbx_evt_${attempt.id}`,
          type: 'payment.succeeded',
          reference: attempt.providerReference,
        });
        const outcome = await webhooks.receive(attempt.method, signed.headers, signed.body);
        return ok(request.lang, { outcome });
      },
    );
  };

  return {
    name: 'payments',
    api: { payments, purposes },
    routes,
    jobs: refunds.jobHandlers,
    subscriptions: [orderMoney.subscription],
    // Decision 040: attempts past their expiry are written expired; polled providers are asked
    // about pending attempts even when nobody keeps the pay page open.
    sweeps: [
      { name: 'expire-payment-attempts', everyMs: 60_000, run: payments.expireAttempts },
      { name: 'confirm-polled-payments', everyMs: 30_000, run: payments.confirmPolledAttempts },
    ],
  };
}

/**
 * Each rail's provider from the configuration (decision 040): the QR rails emit their real EMVCo
 * payload for the configured payee (outside production, a sandbox payee); KHQR asks Bakong when
 * KHQR_PROVIDER=bakong, otherwise the sandbox waits for "simulate paid". A QR rail with no payee
 * (production, unset) is not offered. Card stays the sandbox until a card acquirer is chosen.
 */
function defaultProviders(
  context: Pick<ModuleContext, 'config' | 'log' | 'clock'>,
): Partial<Record<ExternalRail, PaymentProvider>> {
  const { config } = context;
  const qrRails = qrRailsFrom(config);
  const providers: Partial<Record<ExternalRail, PaymentProvider>> = {
    card: createSandboxProvider('card', { clock: context.clock }),
  };
  for (const rail of EXTERNAL_RAILS) {
    const qr = qrRails[rail];
    if (qr) providers[rail] = createSandboxProvider(rail, { qr, clock: context.clock });
  }
  if (config.KHQR_PROVIDER === 'bakong' && qrRails.khqr && config.BAKONG_API_URL && config.BAKONG_API_TOKEN) {
    providers.khqr = createBakongProvider({
      baseUrl: config.BAKONG_API_URL,
      token: config.BAKONG_API_TOKEN,
      timeoutMs: config.BAKONG_API_TIMEOUT_MS,
      accountId: config.KHQR_ACCOUNT_ID ?? '',
      qr: qrRails.khqr,
      log: context.log,
    });
  }
  return providers;
}
