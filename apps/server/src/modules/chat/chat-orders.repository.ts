import { ORDER_STATUS_CODES } from '@sabai/shared/booking/order-status';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** An order that lets two users talk, and when (and how) it ended, if it did. */
export interface ChatOrder {
  /** `provider`: a home visit's customer and provider; `store`: an in-store visit's customer and the store's staff. */
  via: 'provider' | 'store';
  orderId: number;
  customerId: number;
  therapistId: number | null;
  storeId: number | null;
  endedAt: Date | null;
  /** The status it ended with: the service's end (`serviceEnded`, `consumed`) or a cancellation and after. */
  endedStatus: number | null;
}

/**
 * The orders chat reads (decision 048): booking's tables in SQL, the allowance decision 022 notes for
 * the catalogue. Nothing here writes them.
 */
export function createChatOrdersRepository(db: Db) {
  const { serviceEnded, consumed, cancelled, toBeUsed } = ORDER_STATUS_CODES;
  return {
    /**
     * The orders between the two that open a chat: a home visit's customer and provider once
     * accepted, an in-store visit's customer and the store's staff once paid (it reached "to be
     * used"); each with the first time it ended (service ended or consumed, or cancelled and after).
     */
    between: async (a: number, b: number): Promise<ChatOrder[]> => {
      const rows = await queryRows<{
        via: 'provider' | 'store';
        order_id: number;
        customer_id: number;
        therapist_id: number | null;
        store_id: number | null;
        ended_at: Date | null;
        ended_status: number | null;
      }>(
        db,
        sql`select 'provider' as via, o.id as order_id, o.customer_id, o.therapist_id, null::int as store_id,
              e.at as ended_at, e.to_status as ended_status
            from orders o join therapists t on t.id = o.therapist_id
            left join lateral (select h.at, h.to_status from order_status_history h
                                where h.order_id = o.id and (h.to_status = ${serviceEnded} or h.to_status >= ${cancelled})
                                order by h.at, h.id limit 1) e on true
            where o.accepted_at is not null
              and ((o.customer_id = ${a} and t.user_id = ${b}) or (o.customer_id = ${b} and t.user_id = ${a}))
            union all
            select 'store' as via, o.id, o.customer_id, o.therapist_id, o.store_id, e.at, e.to_status
            from orders o join store_staff s on s.store_id = o.store_id
            left join lateral (select h.at, h.to_status from order_status_history h
                                where h.order_id = o.id and (h.to_status = ${consumed} or h.to_status >= ${cancelled})
                                order by h.at, h.id limit 1) e on true
            where exists (select 1 from order_status_history h
                           where h.order_id = o.id and h.to_status = ${toBeUsed})
              and ((o.customer_id = ${a} and s.user_id = ${b}) or (o.customer_id = ${b} and s.user_id = ${a}))`,
        { ended_at: 'date' },
      );
      return rows.map((row) => ({
        via: row.via,
        orderId: Number(row.order_id),
        customerId: Number(row.customer_id),
        therapistId: row.therapist_id === null ? null : Number(row.therapist_id),
        storeId: row.store_id === null ? null : Number(row.store_id),
        endedAt: row.ended_at,
        endedStatus: row.ended_status === null ? null : Number(row.ended_status),
      }));
    },

    /** Whether the order is a home visit between the two (its customer and its provider). */
    isBetween: async (orderId: number, a: number, b: number) =>
      (
        await queryRows<{ id: number }>(
          db,
          sql`select o.id from orders o left join therapists t on t.id = o.therapist_id
              where o.id = ${orderId}
                and ((o.customer_id = ${a} and t.user_id = ${b}) or (o.customer_id = ${b} and t.user_id = ${a}))`,
        )
      ).length > 0,

    /** An order's customer and its provider's login (null before a provider took it). */
    partiesOf: async (orderId: number) =>
      (
        await queryRows<{ customer_id: number; provider_user_id: number | null }>(
          db,
          sql`select o.customer_id, t.user_id as provider_user_id
              from orders o left join therapists t on t.id = o.therapist_id where o.id = ${orderId}`,
        )
      )[0],
  };
}

export type ChatOrdersRepository = ReturnType<typeof createChatOrdersRepository>;
