import { findOrderStatusByCode, type OrderKind } from '@sabai/shared/booking/order-status';
import { AppError } from '../../lib/app-error';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { AttentionRepository } from './attention.repository';
import type { BookingRepository, OrderRow } from './booking.repository';

const summaryOf = (order: OrderRow) => ({
  id: order.id,
  orderNumber: order.orderNumber,
  kind: order.kind as OrderKind,
  status: findOrderStatusByCode(order.status) ?? String(order.status),
  statusCode: order.status,
  therapistId: order.therapistId,
  storeId: order.storeId,
  projectId: order.projectId,
  clocks: order.clocks,
  startsAt: order.startsAt.toISOString(),
  endsAt: order.endsAt.toISOString(),
  payable: order.payable,
  currency: order.currency,
  createdAt: order.createdAt.toISOString(),
  customerId: order.customerId,
  cityId: order.cityId,
});

/** Customer service's lists: orders needing attention, and an order's audit trail (decision 029). */
export function createAttentionService(deps: {
  repository: BookingRepository;
  attention: AttentionRepository;
}) {
  const { attention } = deps;
  return {
    async listOpenFlags(query: { page: number; pageSize: number }): Promise<
      Page<{
        flagId: number;
        kind: 'lateDeparture' | 'providerLate' | 'overrun';
        raisedAt: string;
        order: ReturnType<typeof summaryOf>;
      }>
    > {
      const window = pageWindow(query);
      const rows = await attention.openFlags(window.limit, window.offset);
      return toPage(
        rows.map(({ flag, order }) => ({
          flagId: flag.id,
          kind: flag.kind,
          raisedAt: flag.raisedAt.toISOString(),
          order: summaryOf(order),
        })),
        query,
      );
    },

    async auditTrail(orderId: number) {
      if (!(await deps.repository.findOrder(orderId))) throw new AppError('notFound');
      const [entries, flags] = await Promise.all([attention.auditOf(orderId), attention.flagsOf(orderId)]);
      return {
        entries: entries.map((entry) => ({
          id: entry.id,
          staffId: entry.staffId,
          action: entry.action,
          reason: entry.reason,
          at: entry.at.toISOString(),
          before: entry.before,
          after: entry.after,
        })),
        flags: flags.map((flag) => ({
          id: flag.id,
          kind: flag.kind,
          raisedAt: flag.raisedAt.toISOString(),
          resolvedAt: flag.resolvedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type AttentionService = ReturnType<typeof createAttentionService>;
