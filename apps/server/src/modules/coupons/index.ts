import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import { createCouponsRepository } from './coupons.repository';
import { couponsRoutes } from './coupons.routes';
import { type CouponsService, createCouponsService } from './coupons.service';

export { couponDiscount, couponStatusAt } from './coupon-rules';
export type { CouponsService } from './coupons.service';

/** What booking uses of coupons: the quote's discount and the create's "used by this order". */
export type BookingCoupons = Pick<CouponsService, 'discountFor' | 'useWithin'>;

/** An order that ends without being served gives its coupon back. */
const RETURNING_STATUSES = new Set(['cancelled', 'expired', 'refunding']);

/**
 * Coupons (issue #14 item 6, decision 043): redeem codes from staff batches, the user's coupons,
 * and booking's coupon hooks. The coupon goes back when booking commits an order's cancellation
 * (an outbox subscriber: after commit is right, a returned coupon moves no money).
 */
export function createCouponsModule(
  context: Pick<ModuleContext, 'db' | 'clock'>,
): AppModule<{ coupons: CouponsService }> {
  const repository = createCouponsRepository(context.db);
  const coupons = createCouponsService({ db: context.db, clock: context.clock, repository });

  const returnOnCancellation: OutboxHandler = {
    name: 'coupons.returnOnCancellation',
    async handle(event: OutboxEvent) {
      if (event.aggregateType !== 'order' || event.eventType !== 'order.statusChanged') return;
      const payload = event.payload as { orderId?: number; to?: string } | null;
      if (payload?.orderId && payload.to && RETURNING_STATUSES.has(payload.to))
        await coupons.release(payload.orderId);
    },
  };

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(couponsRoutes, { coupons });
  };

  return { name: 'coupons', api: { coupons }, routes, subscriptions: [returnOnCancellation] };
}
