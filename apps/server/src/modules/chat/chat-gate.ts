import { ORDER_STATUS_CODES } from '@sabai/shared/booking/order-status';
import type { ChatEndedOrder } from '@sabai/shared/chat/chat.schemas';
import type { OrderAccessActor } from '../booking';
import type { ChatRepository, MemberPlace } from './chat.repository';
import type { ChatOrder, ChatOrdersRepository } from './chat-orders.repository';

/** Whether a member may write now, why not, and whether contact details are masked. */
export interface ChatGate {
  canSend: boolean;
  closedReason: 'chatClosed' | 'chatNotOpen' | null;
  masked: boolean;
  /** With `chatClosed`: the order that ended last, for the page's "why" and what to do next. */
  endedOrder: ChatEndedOrder | null;
  /** The orders between the two that open their chat (ended or not): what an order card may name. */
  orderIds: readonly number[];
}

/**
 * Who chats about an order, of those the one order-access policy lets see it (decision 102): its
 * customer, its provider and its store's staff. Customer service and admin see every order but
 * talk to people in their own, always open, chats; asked about an order's chat they hear
 * `orderActorNotAllowed`.
 */
export const ORDER_CHAT_ACTORS: readonly OrderAccessActor[] = ['customer', 'provider', 'store'];

const ALWAYS_OPEN: ChatGate = {
  canSend: true,
  closedReason: null,
  masked: false,
  endedOrder: null,
  orderIds: [],
};

const endedOrderOf = (order: ChatOrder): ChatEndedOrder => ({
  orderId: order.orderId,
  customerId: order.customerId,
  therapistId: order.therapistId,
  storeId: order.storeId,
  endedBy:
    order.endedStatus !== null && order.endedStatus >= ORDER_STATUS_CODES.cancelled
      ? 'cancelled'
      : 'serviceEnded',
});

/**
 * Who may talk, when (decision 048, and 103 for the end): always when either is customer service,
 * unmasked; otherwise through an order between them (`chat-orders.repository.ts`) while one has not
 * ended — the spec's "no messages after service ended": the chat closes when the service ends (or
 * the order is cancelled), not later. A team group's members always may (decision 061).
 */
export function createChatGate(deps: { chat: ChatRepository; orders: ChatOrdersRepository }) {
  async function between(
    a: number,
    b: number,
    known: { rolesA?: readonly string[]; rolesB?: readonly string[] } = {},
  ): Promise<ChatGate> {
    const [rolesA, rolesB] = await Promise.all([
      known.rolesA ?? deps.chat.rolesOf(a),
      known.rolesB ?? deps.chat.rolesOf(b),
    ]);
    if (rolesA.includes('customer_service') || rolesB.includes('customer_service')) return ALWAYS_OPEN;
    const orders = await deps.orders.between(a, b);
    if (!orders.length)
      return { canSend: false, closedReason: 'chatNotOpen', masked: true, endedOrder: null, orderIds: [] };
    const orderIds = orders.map((order) => order.orderId);
    // Contact details are masked where a provider could take the customer off the platform.
    const masked = orders.some((order) => order.via === 'provider');
    if (orders.some((order) => order.endedAt === null))
      return { canSend: true, closedReason: null, masked, endedOrder: null, orderIds };
    const last = orders.reduce((latest, order) =>
      (order.endedAt?.getTime() ?? 0) > (latest.endedAt?.getTime() ?? 0) ? order : latest,
    );
    return { canSend: false, closedReason: 'chatClosed', masked, endedOrder: endedOrderOf(last), orderIds };
  }

  return {
    between,
    /** The gate of this member's conversation: a team group is always open, a pair's is `between`. */
    of: (member: Pick<MemberPlace, 'peerId'> & { userId: number }) =>
      member.peerId === null ? Promise.resolve(ALWAYS_OPEN) : between(member.userId, member.peerId),
  };
}

export type ChatGateService = ReturnType<typeof createChatGate>;
