import type { OrderKind, OrderStatus } from '@sabai/shared/booking/order-status';
import { nextStatus } from '@sabai/shared/booking/order-transitions';
import type { Db } from '../../db/client';
import type { OrderRow } from './booking.repository';
import type { OrderAccess } from './order-access';
import type { OrderCore, OrdersDeps } from './order-core';
import { statusOf } from './order-rows';

/** The steps after which the service is over (the review and complaint windows start there). */
const FINISHING_STEPS = new Set(['end', 'autoEnd', 'consume']);

/** What the reviews module asks of an order (decision 049). */
export interface OrderAfterServiceFacts {
  id: number;
  orderNumber: string;
  kind: OrderKind;
  status: OrderStatus;
  customerId: number;
  therapistId: number | null;
  storeId: number | null;
  isHiddenByCustomer: boolean;
  /** When the service ended (the end, auto end or consume step); null while it has not. */
  finishedAt: Date | null;
}

/**
 * Reviews and complaints (decision 049): the facts of an order after its service, and the
 * customer's `review` step with the review written in the step's own transaction.
 */
export function createOrderReviewStep(deps: OrdersDeps, core: OrderCore) {
  const { repository } = deps;
  return {
    /** Given the order-access policy's answer, from the row that answer was read from. */
    async afterServiceFacts(orderOrAccess: number | OrderAccess): Promise<OrderAfterServiceFacts | null> {
      const order =
        typeof orderOrAccess === 'number'
          ? await repository.findOrder(orderOrAccess)
          : (core.access.rowOf(orderOrAccess) ?? (await repository.findOrder(orderOrAccess.orderId)));
      if (!order) return null;
      const history = await repository.history(order.id);
      const finished = history.filter((row) => FINISHING_STEPS.has(row.transition)).at(-1);
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        kind: order.kind,
        status: statusOf(order),
        customerId: order.customerId,
        therapistId: order.therapistId,
        storeId: order.storeId,
        isHiddenByCustomer: order.hiddenByCustomerAt !== null,
        finishedAt: finished?.at ?? null,
      };
    },

    /**
     * The customer's `review` step (service ended or pending review → completed) with `work` in the
     * same transaction; false, with nothing written, when the order is not where the step applies
     * (already completed, or consumed in a store), so the caller writes the review on its own.
     */
    async reviewStepWithin(
      orderId: number,
      customerId: number,
      work: (tx: Db, updated: OrderRow) => Promise<void>,
    ): Promise<boolean> {
      const order = await repository.findOrder(orderId);
      if (!order || order.customerId !== customerId) return false;
      if (!nextStatus(order.kind, statusOf(order), 'review', 'customer').ok) return false;
      await core.transition(order, 'review', 'customer', customerId, { inTransaction: work });
      return true;
    },
  };
}
