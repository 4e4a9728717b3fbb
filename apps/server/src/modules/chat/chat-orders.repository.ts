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

    /**
     * The pair conversations an order opens, with their two members: its customer's with its
     * provider's login and with each of its store's staff (an in-store visit). Read when the order
     * ends, to tell those conversations' open pages (decision 103, follow-up).
     */
    conversationsOf: async (orderId: number): Promise<{ conversationId: number; memberIds: number[] }[]> => {
      const rows = await queryRows<{ conversation_id: number; customer_id: number; peer_id: number }>(
        db,
        sql`select c.id as conversation_id, o.customer_id, p.peer_id
            from orders o
            cross join lateral (
              select t.user_id as peer_id from therapists t where t.id = o.therapist_id
              union
              select s.user_id from store_staff s where o.kind = 'inStore' and s.store_id = o.store_id
            ) p
            join chat_conversations c
              on c.pair_key = least(o.customer_id, p.peer_id)::text || ':' || greatest(o.customer_id, p.peer_id)::text
            where o.id = ${orderId} and p.peer_id <> o.customer_id`,
      );
      return rows.map((row) => ({
        conversationId: Number(row.conversation_id),
        memberIds: [Number(row.customer_id), Number(row.peer_id)],
      }));
    },
  };
}

export type ChatOrdersRepository = ReturnType<typeof createChatOrdersRepository>;
