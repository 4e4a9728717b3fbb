import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AttentionRepository, AuditedOrderState } from './attention.repository';
import type { BookingRepository, OrderRow } from './booking.repository';

/** The order fields a staff action may change, as the audit keeps them. */
export const auditedStateOf = (order: OrderRow): AuditedOrderState => ({
  status: order.status,
  therapistId: order.therapistId,
  startsAt: order.startsAt.toISOString(),
  endsAt: order.endsAt.toISOString(),
  busyStart: order.busyStart.toISOString(),
  busyEnd: order.busyEnd.toISOString(),
  acceptedAt: order.acceptedAt?.toISOString() ?? null,
  arrivedAt: order.arrivedAt?.toISOString() ?? null,
  settlement: order.settlement ?? null,
  adjustments: [...order.adjustments],
});

/**
 * Every staff action on an order is audited in the transaction that makes it (issue #13 item 10,
 * decision 029). Every status change writes a history row naming its actor, and every change of an
 * order goes through `updateOrderFrom` in the same transaction; so this wraps the repository the
 * orders service is given: the update keeps the order as it was and as it became, and a history
 * row whose actor is staff turns them into an audit record (who, when, what, why, before, after).
 * A staff step without a reason is refused here, whichever route made it, and rolls back.
 */
export function withStaffAudit(
  repository: BookingRepository,
  attention: AttentionRepository,
): BookingRepository {
  /** Per transaction: each order's state before its first update and after its last one. */
  const changed = new WeakMap<Db, Map<number, { before: OrderRow; after: OrderRow }>>();

  return {
    ...repository,
    async updateOrderFrom(tx, id, fromStatus, changes) {
      const before = await attention.findOrderIn(tx, id);
      const after = await repository.updateOrderFrom(tx, id, fromStatus, changes);
      if (before && after) {
        const ofTx = changed.get(tx) ?? new Map();
        ofTx.set(id, { before: ofTx.get(id)?.before ?? before, after });
        changed.set(tx, ofTx);
      }
      return after;
    },
    // A step's update: only a staff step is audited (its history row names staff as the actor),
    // so only then is the order read as it was; every other step saves that read (decision 072).
    async updateOrderFromNamingProvider(tx, id, fromStatus, changes, step) {
      const before = step.byStaff ? await attention.findOrderIn(tx, id) : undefined;
      const stepped = await repository.updateOrderFromNamingProvider(tx, id, fromStatus, changes, step);
      if (before && stepped) {
        const ofTx = changed.get(tx) ?? new Map();
        ofTx.set(id, { before: ofTx.get(id)?.before ?? before, after: stepped.order });
        changed.set(tx, ofTx);
      }
      return stepped;
    },
    // The base answers Drizzle's insert builder; every caller only awaits it, so a promise stands in.
    insertHistory: (async (tx: Db, row: Parameters<BookingRepository['insertHistory']>[1]) => {
      await repository.insertHistory(tx, row);
      if (row.actor !== 'staff') return;
      const reason = row.reason?.trim() ?? '';
      if (!reason || row.actorId === null || row.actorId === undefined) {
        throw new AppError('staffReasonRequired');
      }
      const change = changed.get(tx)?.get(row.orderId);
      const current = change?.after ?? (await attention.findOrderIn(tx, row.orderId));
      if (!current) return;
      await attention.insertAudit(tx, {
        orderId: row.orderId,
        staffId: row.actorId,
        action: row.transition,
        reason,
        before: auditedStateOf(change?.before ?? current),
        after: auditedStateOf(current),
        at: row.at,
      });
    }) as unknown as BookingRepository['insertHistory'],
  };
}
