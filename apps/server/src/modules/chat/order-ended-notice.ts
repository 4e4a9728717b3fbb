import { ORDER_STATUS_CODES, type OrderStatus } from '@sabai/shared/booking/order-status';
import { CHAT_ORDER_ENDED_EVENT } from '@sabai/shared/chat/chat.schemas';
import type { Outbox, OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { ChatOrdersRepository } from './chat-orders.repository';
import { conversationTopics } from './chat-topics';

/** The statuses that end an order's chat (the gate's ends): the service's end, or a cancellation and after. */
const isEnding = (status: OrderStatus) =>
  status === 'serviceEnded' ||
  status === 'consumed' ||
  ORDER_STATUS_CODES[status] >= ORDER_STATUS_CODES.cancelled;

/**
 * Closes open conversation pages live (decision 103, follow-up): when booking commits an order's
 * step into an end, the conversations that order opened hear `chat.orderEnded` on their topics
 * (`chat:<id>` and both members' `user:<id>`), and a page showing one reads it again — the composer
 * gives way to the closed notice without a reload. Booking knows nothing of chat: this hears its
 * `order.statusChanged` event after commit. Heard twice (the outbox delivers at least once), a page
 * reads the conversation twice; nothing else changes.
 */
export function orderEndedNotice(deps: { orders: ChatOrdersRepository; outbox: Outbox }): OutboxHandler {
  return {
    name: 'chat.orderEndedNotice',
    async handle(event: OutboxEvent) {
      if (event.aggregateType !== 'order' || event.eventType !== 'order.statusChanged') return;
      const payload = event.payload as { orderId?: number; to?: OrderStatus } | null;
      if (!payload?.orderId || !payload.to || !(payload.to in ORDER_STATUS_CODES) || !isEnding(payload.to))
        return;
      const orderId = payload.orderId;
      const conversations = await deps.orders.conversationsOf(orderId);
      if (!conversations.length) return;
      await deps.outbox.transaction(async (tx) => {
        for (const { conversationId, memberIds } of conversations)
          await deps.outbox.add(tx, {
            aggregateType: 'chatConversation',
            aggregateId: conversationId,
            eventType: CHAT_ORDER_ENDED_EVENT,
            payload: { conversationId, orderId },
            topics: conversationTopics(conversationId, memberIds),
            // Live at once (decision 066), not at the dispatcher's next poll.
            deliverOnCommit: true,
          });
      });
    },
  };
}
