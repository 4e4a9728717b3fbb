import { bookingIdParamsSchema, orderDetailSchema } from '@sabai/shared/booking/booking.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { isLocalCaller } from '../../http/local-caller';
import { AppError } from '../../lib/app-error';
import type { OrdersService } from './orders.service';

/**
 * Development only: confirms an order's payment as the payment webhook will, so the journeys (and a
 * developer's browser) can take an order past "pending payment" before the money issue exists.
 * Registered only with DEV_PAYMENTS=true outside production, answered only to callers on this
 * machine, and only for the order's own customer.
 */
export const devPaymentsRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalCaller(request)) throw new AppError('devToolLocalOnly');
  });
  app.post(
    '/dev/orders/:id/pay',
    {
      config: { access: 'user' },
      schema: {
        tags: ['development'],
        security: [{ token: [] }],
        summary: 'Development only: confirm the payment of my order (as the payment webhook will)',
        params: bookingIdParamsSchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const order = await orders.get(me, request.params.id);
      // Only the customer pays: a provider or staff member who can read the order cannot mark it paid.
      const unpaid = await orders.listMine(me, { tab: 'pendingPayment', page: 1, pageSize: 50 });
      if (!unpaid.items.some((item) => item.id === order.id)) throw new AppError('orderTransitionIllegal');
      await orders.systemTransition(order.id, 'pay');
      return ok(request.lang, await orders.get(me, order.id));
    },
  );
};
