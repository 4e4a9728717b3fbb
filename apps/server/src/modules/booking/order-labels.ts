import type { Language } from '@sabai/shared/i18n';
import { localised } from '../../lib/localised';
import type { BookingRepository } from './booking.repository';

export interface OrderLabels {
  therapistName: string | null;
  storeName: string | null;
  projectName: string;
  timeZone: string;
}

/**
 * The names an order page shows (therapist or store, project) in the caller's language and the
 * city's time zone for its times (decision 032). Read in one query for a whole page of orders and
 * attached only to the two reads the order pages render; the answers of the steps leave them out.
 */
export function createOrderLabels(repository: Pick<BookingRepository, 'orderLabels'>) {
  return async function withLabels<T extends { id: number }>(
    orders: T[],
    language: Language,
  ): Promise<(T & { labels: OrderLabels })[]> {
    const rows = await repository.orderLabels(orders.map((order) => order.id));
    const byId = new Map(rows.map((row) => [row.orderId, row]));
    return orders.map((order) => {
      const row = byId.get(order.id);
      return {
        ...order,
        labels: {
          therapistName: row?.therapistName ?? null,
          storeName: row?.storeNames ? localised(row.storeNames, language) : null,
          projectName: row ? localised(row.projectNames, language) : '',
          timeZone: row?.timeZone ?? 'UTC',
        },
      };
    });
  };
}
export type WithOrderLabels = ReturnType<typeof createOrderLabels>;
