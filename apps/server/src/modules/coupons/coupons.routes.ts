import {
  couponBatchResultSchema,
  couponListQuerySchema,
  couponPageSchema,
  couponSchema,
  createCouponBatchBodySchema,
  redeemCouponBodySchema,
} from '@sabai/shared/payments/coupons.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { AppError } from '../../lib/app-error';
import type { CouponsService } from './coupons.service';

const tags = ['coupons'];
const STAFF = ['customer_service', 'admin'] as const;
/** Guessing codes: per address (before the session is read) and per account (after). */
const REDEEM_PER_IP = { max: 30, timeWindow: '10 minutes' };
const REDEEM_PER_USER = { max: 10, timeWindow: '10 minutes' };

export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  // The per-address limit runs first (route config); this one counts the account's guesses after
  // the session is known, from whichever addresses they come.
  const userLimit = app.createRateLimit({
    ...REDEEM_PER_USER,
    keyGenerator: (request) => `coupon-redeem:user:${request.user?.id ?? request.ip}`,
  });
  const perUser = async (request: FastifyRequest) => {
    const limit = await userLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('rateLimited');
  };

  app.post(
    '/coupons/redeem',
    {
      config: { access: 'user', idempotency: 'required', rateLimit: REDEEM_PER_IP },
      preHandler: perUser,
      schema: {
        tags,
        summary:
          'Turns a redeem code into one of my coupons (once per code; rate-limited per user and address)',
        body: redeemCouponBodySchema,
        response: okResponse(couponSchema),
      },
    },
    async (request) => ok(request.lang, await coupons.redeem(requireUser(request), request.body.code)),
  );

  app.get(
    '/coupons',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My coupons in one status (unused, used, expired), a page at a time',
        querystring: couponListQuerySchema,
        response: okResponse(couponPageSchema),
      },
    },
    async (request) => ok(request.lang, await coupons.list(requireUser(request), request.query)),
  );

  app.post(
    '/staff/coupon-batches',
    {
      // Staff (customer service, admin) make codes; the batch row keeps who, when and why.
      config: { access: STAFF, idempotency: 'required' },
      schema: {
        tags,
        summary:
          'Staff: creates N redeem codes of one coupon; the codes are answered once and only their hashes kept',
        body: createCouponBatchBodySchema,
        response: okResponse(couponBatchResultSchema),
      },
    },
    async (request) => ok(request.lang, await coupons.createBatch(requireUser(request), request.body)),
  );
};
