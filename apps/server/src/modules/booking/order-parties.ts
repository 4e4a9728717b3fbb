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

export function createOrderPartiesReader(repository: BookingRepository) {
  return async function partiesOf(orderId: number): Promise<OrderParties | null> {
    // One statement (decision 069): every order event's notifications ask this after its commit.
    const row = await repository.orderParties(orderId);
    if (!row) return null;
    return { ...row, kind: row.kind as OrderParties['kind'], providerUserId: row.providerUserId ?? null };
  };
}

/** `partiesOf` for several orders in one read (decision 080): the orders found, by id. */
export function createOrdersPartiesReader(repository: BookingRepository) {
  return async function partiesOfMany(orderIds: readonly number[]): Promise<Map<number, OrderParties>> {
    const rows = await repository.ordersParties([...new Set(orderIds)]);
    return new Map(
      rows.map((row) => [
        row.orderId,
        { ...row, kind: row.kind as OrderParties['kind'], providerUserId: row.providerUserId ?? null },
      ]),
    );
  };
}
