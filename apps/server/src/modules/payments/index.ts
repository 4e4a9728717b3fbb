import { idSchema } from '@sabai/shared/input';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppModule, ModuleContext } from '../../app-module';
import { ok, okResponse } from '../../http/envelope';
import { isLocalCaller } from '../../http/local-caller';
import { AppError } from '../../lib/app-error';
import type { OrdersService } from '../booking';
import type { LedgerService } from '../ledger';
import { createOrderMoney } from './order-money';
import {
  createSandboxProvider,
  EXTERNAL_RAILS,
  type ExternalRail,
  type PaymentProvider,
  type SandboxProvider,
} from './payment-provider';
import { createPaymentWebhooks } from './payment-webhooks';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes, webhookRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createWalletService } from './wallet.service';

export type { PaymentProvider, SandboxProvider } from './payment-provider';
export { createSandboxProvider } from './payment-provider';
export { signWebhook } from './webhook-signature';

/**
 * Payments (issue #14, decision 039): paying orders by wallet or through a provider's rail, the
 * providers' webhooks, the order's money on completion and cancellation, and the wallet's pages.
 * Every external rail is a `PaymentProvider`; the development sandbox is the only one so far.
 */
export function createPaymentsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config'>,
  needs: {
    ledger: LedgerService;
    orders: Pick<OrdersService, 'systemStepWithin' | 'moneyFacts' | 'systemStep'>;
    /** Tests hand in providers that fail on purpose; otherwise the sandbox serves every rail. */
    providers?: Partial<Record<ExternalRail, PaymentProvider>>;
  },
): AppModule<{ payments: ReturnType<typeof createPaymentsService> }> {
  const sandboxes = new Map<ExternalRail, SandboxProvider>(
    EXTERNAL_RAILS.map((rail) => [rail, createSandboxProvider(rail)]),
  );
  const providers: Partial<Record<ExternalRail, PaymentProvider>> = {
    ...Object.fromEntries(sandboxes),
    ...needs.providers,
  };
  const repository = createPaymentsRepository(context.db);
  const payments = createPaymentsService({
    db: context.db,
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    providers,
  });
  const webhooks = createPaymentWebhooks({
    secret: context.config.PAYMENTS_WEBHOOK_SECRET,
    clock: context.clock,
    repository,
    payments,
    providers,
  });
  const wallet = createWalletService({ ledger: needs.ledger });
  const orderMoney = createOrderMoney({
    db: context.db,
    repository,
    ledger: needs.ledger,
    orders: needs.orders,
    providers,
    settingsOf: payments.settingsOf,
    clock: context.clock,
  });
  const isDevelopmentTool = context.config.NODE_ENV !== 'production';

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(paymentsRoutes, { payments, wallet });
    await app.register(webhookRoutes, { webhooks });
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
        config: { access: 'public' },
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
    api: { payments },
    routes,
    subscriptions: [orderMoney.subscription],
  };
}
