import { idSchema } from '@sabai/shared/input';
import {
  cashDueViewSchema,
  cashReceivedViewSchema,
  refundBankDetailsSchema,
  refundPayoutRequestSchema,
  refundViewSchema,
} from '@sabai/shared/payments/refunds.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { createCashPayments } from './cash';
import type { Refunds } from './refunds';

const STAFF = ['customer_service', 'admin'] as const;
const orderParams = z.object({ id: idSchema });

/** Refunds over days, the bank card for refunds a route cannot make, and cash on service (decision 042). */
export const refundsRoutes: FastifyPluginAsyncZod<{
  refunds: Refunds;
  cash: ReturnType<typeof createCashPayments>;
}> = async (app, { refunds, cash }) => {
  app.get(
    '/orders/:id/refund',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary:
          "The order's refund: processing (with the day it is promised by), waiting for bank card details or a payout, or refunded; its customer and staff only",
        params: orderParams,
        response: okResponse(refundViewSchema.nullable()),
      },
    },
    async (request) => ok(request.lang, await refunds.get(requireUser(request), request.params.id)),
  );

  app.put(
    '/orders/:id/refund/bank-details',
    {
      config: { access: 'user', idempotency: 'optional' },
      schema: {
        tags: ['payments'],
        summary: "The customer's bank card for a refund their payment route cannot make",
        params: orderParams,
        body: refundBankDetailsSchema,
        response: okResponse(refundViewSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await refunds.submitBankDetails(requireUser(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/staff/orders/:id/refund/payout',
    {
      config: { access: STAFF, idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary:
          "Customer service records the bank transfer that paid the order's refund (exactly what is still to refund; audited)",
        params: orderParams,
        body: refundPayoutRequestSchema,
        response: okResponse(refundViewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await refunds.recordPayout(requireUser(request), request.params.id, request.body)),
  );

  app.get(
    '/orders/:id/cash',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary:
          "For the order's provider: the cash to collect and whether it was received (null: not a cash order)",
        params: orderParams,
        response: okResponse(cashDueViewSchema.nullable()),
      },
    },
    async (request) => ok(request.lang, await cash.due(requireUser(request), request.params.id)),
  );

  app.post(
    '/orders/:id/cash-received',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags: ['payments'],
        summary: "The order's provider confirms the customer paid in cash",
        params: orderParams,
        response: okResponse(cashReceivedViewSchema),
      },
    },
    async (request) => ok(request.lang, await cash.confirmReceived(requireUser(request), request.params.id)),
  );
};
