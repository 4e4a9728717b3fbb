import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AuditedOrderState,
  type OrderFlagKind,
  orderFlags,
  orderStaffAudit,
  orderStatusHistory,
  orders,
} from '../../db/schema';
import type { OrderRow } from './booking.repository';

export type { AuditedOrderState, OrderFlagKind };

/**
 * The tables of customer service's side of booking (decision 029): time-driven flags and the staff
 * audit, plus the reads the timed rules make inside a caller's transaction.
 */
export function createAttentionRepository(db: Db) {
  /** Orders by id, each with the time it last entered this status, in one statement. */
  const ordersWithLastEnteredAt = async (orderIds: readonly number[], statusCode: number) => {
    const found = new Map<number, { order: OrderRow; lastEnteredAt: Date | null }>();
    if (!orderIds.length) return found;
    const rows = await db
      .select({
        ...getTableColumns(orders),
        // Qualified by hand: a one-table select renders its columns unqualified, and an unqualified
        // "id" in the subquery would be the history row's.
        lastEnteredAt: sql<Date | null>`(select h.at from order_status_history h
          where h.order_id = "orders"."id" and h.to_status = ${statusCode}
          order by h.id desc limit 1)`.mapWith(orderStatusHistory.at),
      })
      .from(orders)
      .where(inArray(orders.id, [...orderIds]));
    for (const { lastEnteredAt, ...order } of rows)
      found.set(order.id, { order: order as OrderRow, lastEnteredAt });
    return found;
  };

  return {
    /** The order as this transaction sees it (a read outside the transaction would wait for it on PGlite). */
    findOrderIn: async (tx: Db, id: number) =>
      (await tx.select().from(orders).where(eq(orders.id, id)))[0] as OrderRow | undefined,

    /** When the order last entered this status (the start of the current round of waiting, say). */
    lastEnteredAt: async (orderId: number, statusCode: number) =>
      (
        await db
          .select({ at: orderStatusHistory.at })
          .from(orderStatusHistory)
          .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, statusCode)))
          .orderBy(desc(orderStatusHistory.id))
          .limit(1)
      )[0]?.at,

    /**
     * The order with the time it last entered this status, in one statement: the order watch reads
     * both when an order starts waiting (decision 072; they were two round trips).
     */
    orderWithLastEnteredAt: async (orderId: number, statusCode: number) =>
      (await ordersWithLastEnteredAt([orderId], statusCode)).get(orderId),

    /**
     * `orderWithLastEnteredAt` for several orders in one statement (the order watch's batch,
     * decision 080): answers each order found, by id.
     */
    ordersWithLastEnteredAt,

    /** `resolveFlags` for several orders, each with its kinds, in one statement (decision 080). */
    resolveFlagsOfMany: async (
      resolutions: readonly { orderId: number; kinds: readonly OrderFlagKind[] }[],
      now: Date,
    ) => {
      // Orders resolving the same kinds (the same new status) share one condition.
      const byKinds = new Map<string, { kinds: readonly OrderFlagKind[]; orderIds: number[] }>();
      for (const { orderId, kinds } of resolutions) {
        if (!kinds.length) continue;
        const key = [...kinds].sort().join(',');
        const group = byKinds.get(key) ?? { kinds, orderIds: [] };
        group.orderIds.push(orderId);
        byKinds.set(key, group);
      }
      if (!byKinds.size) return;
      await db
        .update(orderFlags)
        .set({ resolvedAt: now })
        .where(
          and(
            isNull(orderFlags.resolvedAt),
            or(
              ...[...byKinds.values()].map(({ orderIds, kinds }) =>
                and(inArray(orderFlags.orderId, orderIds), inArray(orderFlags.kind, [...kinds])),
              ),
            ),
          ),
        );
    },

    /**
     * Raises a flag unless one of the kind is open, and only while the order is in one of the
     * statuses the flag is about (checked in the same statement as the insert); answers whether it did.
     */
    raiseFlag: async (orderId: number, kind: OrderFlagKind, openStatuses: readonly number[], now: Date) => {
      const inserted = await db.execute(sql`
        insert into ${orderFlags} (order_id, kind, raised_at)
        select ${orderId}, ${kind}, ${now.toISOString()}::timestamptz
        where exists (select 1 from ${orders} where id = ${orderId} and status in (${sql.join(
          openStatuses.map((code) => sql`${code}`),
          sql`, `,
        )}))
        on conflict (order_id, kind) where resolved_at is null do nothing
        returning id`);
      return ((inserted as unknown as { rows: unknown[] }).rows ?? []).length > 0;
    },

    /** Resolves the order's open flags of these kinds. */
    resolveFlags: async (orderId: number, kinds: readonly OrderFlagKind[], now: Date) => {
      if (!kinds.length) return;
      await db
        .update(orderFlags)
        .set({ resolvedAt: now })
        .where(
          and(
            eq(orderFlags.orderId, orderId),
            inArray(orderFlags.kind, [...kinds]),
            isNull(orderFlags.resolvedAt),
          ),
        );
    },

    /** Open flags, oldest first (the longest waiting on top), with their orders. */
    openFlags: async (limit: number, offset: number) =>
      db
        .select({ flag: orderFlags, order: orders })
        .from(orderFlags)
        .innerJoin(orders, eq(orders.id, orderFlags.orderId))
        .where(isNull(orderFlags.resolvedAt))
        .orderBy(orderFlags.raisedAt, orderFlags.id)
        .limit(limit)
        .offset(offset),

    flagsOf: async (orderId: number) =>
      db.select().from(orderFlags).where(eq(orderFlags.orderId, orderId)).orderBy(orderFlags.id),

    insertAudit: async (
      tx: Db,
      row: {
        orderId: number;
        staffId: number;
        action: string;
        reason: string;
        before: AuditedOrderState;
        after: AuditedOrderState;
        at: Date;
      },
    ) => {
      await tx.insert(orderStaffAudit).values(row);
    },

    auditOf: async (orderId: number) =>
      db
        .select()
        .from(orderStaffAudit)
        .where(eq(orderStaffAudit.orderId, orderId))
        .orderBy(orderStaffAudit.id),
  };
}

export type AttentionRepository = ReturnType<typeof createAttentionRepository>;
