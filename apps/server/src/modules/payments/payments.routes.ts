import { errorEnvelopeSchema } from '@sabai/shared/envelope';
import { idSchema } from '@sabai/shared/input';
import { orderPaymentMethodsSchema } from '@sabai/shared/payments/pay-pages.schemas';
import {
  paymentAttemptSchema,
  payOrderRequestSchema,
  walletSchema,
} from '@sabai/shared/payments/payments.schemas';
import {
  walletEntryDetailSchema,
  walletHistoryFilterSchema,
  walletHistoryPageSchema,
} from '@sabai/shared/payments/wallet-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { PaymentWebhooks } from './payment-webhooks';
import type { PaymentsService } from './payments.service';
import type { WalletService } from './wallet.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook's body exactly as sent: the signature is over these bytes. */
    rawWebhookBody?: string;
  }
}

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  wallet: WalletService;
}> = async (app, { payments, wallet }) => {
  const orderParams = z.object({ id: idSchema });

  app.post(
    '/orders/:id/payments',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary: "Pays the order's payable by wallet, or starts a QR, card or cash payment",
        params: orderParams,
        body: payOrderRequestSchema,
        response: okResponse(paymentAttemptSchema),
      },
    },
    async (request) =>
      ok(request.lang, await payments.pay(requireUser(request), request.params.id, request.body.method)),
  );

  app.get(
    '/orders/:id/payments/current',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The order's latest payment attempt (the pay page polls it)",
        params: orderParams,
        response: okResponse(paymentAttemptSchema.nullable()),
      },
    },
    async (request) => ok(request.lang, await payments.current(requireUser(request), request.params.id)),
  );

  app.get(
    '/orders/:id/payments/methods',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'The methods the pay page offers for the order (its currency and city)',
        params: orderParams,
        response: okResponse(orderPaymentMethodsSchema),
      },
    },
    async (request) => ok(request.lang, await payments.methods(requireUser(request), request.params.id)),
  );

  app.get(
    '/wallet',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The caller's wallet balance per currency (the ledger's postings)",
        response: okResponse(walletSchema),
      },
    },
    async (request) => ok(request.lang, await wallet.balances(requireUser(request).id)),
  );

  app.get(
    '/wallet/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The caller's wallet movements, newest first (optionally one type)",
        querystring: walletHistoryFilterSchema,
        response: okResponse(walletHistoryPageSchema),
      },
    },
    async (request) => ok(request.lang, await wallet.history(requireUser(request).id, request.query)),
  );

  app.get(
    '/wallet/history/:entryId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "One movement of the caller's wallet (another's is not found)",
        params: z.object({ entryId: idSchema }),
        response: okResponse(walletEntryDetailSchema),
      },
    },
    async (request) => ok(request.lang, await wallet.entry(requireUser(request).id, request.params.entryId)),
  );
};

/** The providers' webhooks, in their own scope: JSON is kept raw here for the signature. */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: PaymentWebhooks }> = async (
  app,
  { webhooks },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawWebhookBody = String(body);
    done(null, null);
  });
  app.post(
    '/payments/webhooks/:provider',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "A payment provider's signed event (HMAC-SHA256 over timestamp.body, 5-minute window)",
        params: z.object({ provider: z.string().min(1).max(20) }),
        // HTTP statuses a provider acts on: 4xx is not resent, 5xx is (decision 110).
        response: {
          ...okResponse(z.object({ outcome: z.string() })),
          400: errorEnvelopeSchema.describe('Malformed event: not resent'),
          401: errorEnvelopeSchema.describe(
            'Signature forged or missing, or the timestamp outside 5 minutes',
          ),
          404: errorEnvelopeSchema.describe('Unknown provider or payment reference (resent until known)'),
          500: errorEnvelopeSchema.describe('Applying it failed: the provider resends it'),
          503: errorEnvelopeSchema.describe('No webhook secret configured yet: the provider resends it'),
        },
      },
    },
    async (request) => {
      const outcome = await webhooks.receive(
        request.params.provider,
        request.headers,
        request.rawWebhookBody ?? '',
      );
      return ok(request.lang, { outcome });
    },
  );
};
