import type { Db } from '../../db/client';
import type { BookingRepository } from './booking.repository';

/** Who an order concerns, as other modules (notifications) read it: by user id, never by row. */
export interface OrderParties {
  orderId: number;
  orderNumber: string;
  kind: 'homeVisit' | 'inStore';
  customerId: number;
  /** The login of the order's current provider, when it has one. */
  providerUserId: number | null;
}

export function createOrderPartiesReader(db: Db, repository: BookingRepository) {
  return async function partiesOf(orderId: number): Promise<OrderParties | null> {
    const order = await repository.findOrder(orderId);
    if (!order) return null;
    const providerUserId = order.therapistId
      ? await repository.userIdOfTherapist(db, order.therapistId)
      : null;
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind: order.kind,
      customerId: order.customerId,
      providerUserId: providerUserId ?? null,
    };
  };
}
