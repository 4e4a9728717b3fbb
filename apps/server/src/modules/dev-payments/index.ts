import { idSchema } from '@sabai/shared/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppModule } from '../../app-module';
import { ok, okResponse } from '../../http/envelope';
import { isLocalCaller } from '../../http/local-caller';
import { AppError } from '../../lib/app-error';
import type { OrdersService } from '../booking';

/**
 * Development only (decision 035): confirms an order's payment the way the payment provider's
 * webhook will once the money issue lands — a `pay` step by the system, nothing else (no money
 * moves, no ledger entry). Mounted only with PAYMENTS_DEV_CONFIRM=true outside production and
 * answered only to callers on this machine, so the browser journeys can take an order past
 * "pending payment" while no payment rail exists.
 */
export function createDevPaymentsModule(needs: {
  orders: Pick<OrdersService, 'systemStep'>;
}): AppModule<undefined> {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isLocalCaller(request)) throw new AppError('devToolLocalOnly');
    });
    app.post(
      '/dev/payments/:orderId/confirm',
      {
        config: { access: 'public', refusals: ['devToolLocalOnly'] },
        schema: {
          tags: ['development'],
          summary: "Development only: the payment provider's confirmation of an order's payment",
          params: z.object({ orderId: idSchema }),
          response: okResponse(z.null()),
        },
      },
      async (request) => {
        await needs.orders.systemStep(request.params.orderId, 'pay');
        return ok(request.lang, null);
      },
    );
  };
  return { name: 'dev-payments', api: undefined, routes };
}
