import { idSchema } from '@sabai/shared/input';
import {
  currencySchema,
  orderExtrasSchema,
  orderTipsSchema,
  payExtraRequestSchema,
  purposeAttemptSchema,
  tipRequestSchema,
  tipStartedSchema,
  topUpOptionsSchema,
  topUpRequestSchema,
  topUpStartedSchema,
} from '@sabai/shared/payments/extras.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { createOrderExtras } from './order-extras';
import type { PurposePayments } from './payment-purposes';
import type { createTips } from './tips.service';
import type { createTopUps } from './top-ups.service';

/** Extra payments on an order, tips and wallet top-ups (decision 045). */
export const extrasRoutes: FastifyPluginAsyncZod<{
  purposes: PurposePayments;
  orderExtras: ReturnType<typeof createOrderExtras>;
  tips: ReturnType<typeof createTips>;
  topUps: ReturnType<typeof createTopUps>;
}> = async (app, { purposes, orderExtras, tips, topUps }) => {
  const idParams = z.object({ id: idSchema });

  app.get(
    '/orders/:id/extras',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "What the order's extra clocks and dearer projects charged, what was paid and what is due",
        params: idParams,
        response: okResponse(orderExtrasSchema),
      },
    },
    async (request) => ok(request.lang, await orderExtras.view(requireUser(request), request.params.id)),
  );

  app.post(
    '/orders/:id/extras/payments',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary: "Pays everything due on the order's extras into its escrow, by wallet or a rail",
        params: idParams,
        body: payExtraRequestSchema,
        response: okResponse(purposeAttemptSchema),
      },
    },
    async (request) =>
      ok(request.lang, await orderExtras.pay(requireUser(request), request.params.id, request.body.method)),
  );

  app.get(
    '/orders/:id/tips',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The order's paid tips (its customer and its provider), and the customer's tip options",
        params: idParams,
        response: okResponse(orderTipsSchema),
      },
    },
    async (request) => ok(request.lang, await tips.ofOrder(requireUser(request), request.params.id)),
  );

  app.post(
    '/orders/:id/tips',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary: 'Tips the provider of a completed order (100 % to the provider), by wallet or a rail',
        params: idParams,
        body: tipRequestSchema,
        response: okResponse(tipStartedSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await tips.give(requireUser(request), request.params.id, request.body.amount, request.body.method),
      ),
  );

  app.get(
    '/payments/attempts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The caller's own payment attempt of any purpose (QR pages poll it)",
        params: idParams,
        response: okResponse(purposeAttemptSchema),
      },
    },
    async (request) => ok(request.lang, await purposes.attemptOf(requireUser(request), request.params.id)),
  );

  app.get(
    '/wallet/top-ups/options',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Top-up presets, limits and methods for a currency (a city may set its own)',
        querystring: z.object({ currency: currencySchema, cityId: idSchema.optional() }),
        response: okResponse(topUpOptionsSchema),
      },
    },
    async (request) =>
      ok(request.lang, await topUps.optionsFor(request.query.currency, request.query.cityId)),
  );

  app.post(
    '/wallet/top-ups',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary: 'Starts a top-up through a rail; the wallet is credited when the provider confirms',
        body: topUpRequestSchema.extend({ cityId: z.number().int().min(1).optional() }).strict(),
        response: okResponse(topUpStartedSchema),
      },
    },
    async (request) => ok(request.lang, await topUps.start(requireUser(request), request.body)),
  );

  app.get(
    '/wallet/top-ups/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The caller's top-up and its latest attempt (the top-up page polls it)",
        params: idParams,
        response: okResponse(topUpStartedSchema),
      },
    },
    async (request) => ok(request.lang, await topUps.status(requireUser(request), request.params.id)),
  );
};
