import {
  vipOfferQuerySchema,
  vipOfferSchema,
  vipPurchaseBodySchema,
  vipPurchaseResultSchema,
} from '@sabai/shared/payments/coupons.schemas';
import { vipPaymentBodySchema, vipPaymentStartedSchema } from '@sabai/shared/payments/vip-payments.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { VipService } from './vip.service';

const tags = ['vip'];

export const vipRoutes: FastifyPluginAsyncZod<{ vip: VipService }> = async (app, { vip }) => {
  app.get(
    '/vip',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The annual card in the city: on sale or not, price, and my membership's end",
        querystring: vipOfferQuerySchema,
        response: okResponse(vipOfferSchema),
      },
    },
    async (request) => ok(request.lang, await vip.offer(requireUser(request), request.query.cityId)),
  );

  app.post(
    '/vip/purchases',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags,
        summary: 'Buys or renews the annual card from the wallet (365 days from the current end)',
        body: vipPurchaseBodySchema,
        response: okResponse(vipPurchaseResultSchema),
      },
    },
    async (request) =>
      ok(request.lang, await vip.purchaseWithWallet(requireUser(request), request.body.cityId)),
  );

  app.post(
    '/vip/payments',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags,
        summary: 'Starts paying the annual card by KHQR, PromptPay, VietQR or card (granted on confirmation)',
        body: vipPaymentBodySchema,
        response: okResponse(vipPaymentStartedSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await vip.purchaseWithRail(requireUser(request), request.body.cityId, request.body.method),
      ),
  );
};
