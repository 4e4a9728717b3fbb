import type { OrderStatus } from '@sabai/shared/booking/order-status';
import type { OrderActor, OrderTransition } from '@sabai/shared/booking/order-transitions';
import {
  type NotificationMessageKey,
  PUSH_TYPES,
  type PushType,
} from '@sabai/shared/notifications/notification-types';

type Party = 'customer' | 'provider';

/** Who hears what of an order: one line per party and cause (decision 029). */
export interface NotificationPlan {
  to: Party | 'newProvider' | 'previousProvider';
  pushType: PushType;
  messageKey: NotificationMessageKey;
  params?: Record<string, string | number>;
}

const note = (
  to: NotificationPlan['to'],
  pushType: PushType,
  messageKey: NotificationMessageKey,
  params?: Record<string, string | number>,
): NotificationPlan => ({ to, pushType, messageKey, ...(params ? { params } : {}) });

const { newOrder, accepted, departed, arrived, orderUpdated, orderEnded, serviceFinished, autoRejected } =
  PUSH_TYPES;

/** Steps that tell nobody anything new: the review wait follows the end at once. */
export const SILENT_TRANSITIONS = ['awaitReview'] as const;

/**
 * What each step tells the parties; the one who made the step hears nothing of it (see `planFor`).
 * An order's creation (`order.created`) waits for the payment.
 */
const BY_TRANSITION: Record<
  Exclude<OrderTransition, (typeof SILENT_TRANSITIONS)[number]>,
  (from: OrderStatus, to: OrderStatus) => NotificationPlan[]
> = {
  // An in-store order paid is the store's to prepare: no provider has to answer it.
  pay: (_from, to) => (to === 'waitingAcceptance' ? [note('provider', newOrder, 'newOrder')] : []),
  accept: () => [note('customer', accepted, 'accepted')],
  decline: () => [note('customer', orderEnded, 'declined')],
  autoDecline: () => [
    note('provider', autoRejected, 'autoDeclinedProvider'),
    note('customer', autoRejected, 'autoDeclinedCustomer'),
  ],
  giveBack: () => [note('customer', orderEnded, 'givenBack')],
  reassign: () => [
    note('newProvider', newOrder, 'reassignedToYou'),
    note('previousProvider', orderEnded, 'reassignedAway'),
    note('customer', orderUpdated, 'reassigned'),
  ],
  depart: () => [note('customer', departed, 'departed')],
  arrive: () => [note('customer', arrived, 'arrived')],
  start: () => [note('customer', orderUpdated, 'serviceStarted')],
  end: () => [note('customer', serviceFinished, 'serviceEnded')],
  autoEnd: () => [
    note('customer', serviceFinished, 'serviceEnded'),
    note('provider', serviceFinished, 'serviceEnded'),
  ],
  review: () => [note('provider', serviceFinished, 'reviewed')],
  autoComplete: () => [
    note('customer', serviceFinished, 'completed'),
    note('provider', serviceFinished, 'completed'),
  ],
  // An unpaid order never reached the provider: its end is the customer's business only.
  cancel: (from) => [
    note('customer', orderEnded, 'cancelled'),
    ...(from === 'pendingPayment' ? [] : [note('provider', orderEnded, 'cancelled')]),
  ],
  expire: () => [note('customer', orderEnded, 'expired')],
  reportNoShow: () => [note('customer', orderEnded, 'noShow')],
  refund: () => [note('customer', orderEnded, 'refunded')],
  prepare: () => [note('customer', orderUpdated, 'preparing')],
  consume: () => [
    note('customer', serviceFinished, 'consumed'),
    note('provider', serviceFinished, 'consumed'),
  ],
};

/** The parties an actor is (a staff member or the system is neither, so both may hear). */
const partyOf = (actor: OrderActor): Party | null =>
  actor === 'customer' ? 'customer' : actor === 'provider' ? 'provider' : null;

/** The notifications an order event asks for, before they are given to people. */
export function planFor(eventType: string, payload: Record<string, unknown>): NotificationPlan[] {
  if (eventType === 'order.statusChanged') {
    const transition = payload.transition as OrderTransition;
    const actor = partyOf(payload.actor as OrderActor);
    const rule = BY_TRANSITION[transition as keyof typeof BY_TRANSITION] as
      | ((from: OrderStatus, to: OrderStatus) => NotificationPlan[])
      | undefined;
    const plans = rule?.(payload.from as OrderStatus, payload.to as OrderStatus) ?? [];
    // Only staff take an order from a provider who had not given it up; one who declined knows.
    return plans.filter(
      (plan) => plan.to !== actor && (plan.to !== 'previousProvider' || payload.actor === 'staff'),
    );
  }
  switch (eventType) {
    case 'order.acceptReminder':
      return [
        note('provider', newOrder, 'acceptReminder', {
          minutesLeft: Math.max(0, Number(payload.minutesLeft ?? 0)),
        }),
      ];
    case 'order.urged':
      return [note('provider', orderUpdated, 'urged')];
    case 'order.extraClocksAdded':
      return [note('provider', orderUpdated, 'extraClocks', { count: Number(payload.count ?? 1) })];
    case 'order.projectChanged':
      return [note('provider', orderUpdated, 'projectChanged')];
    // Reviews and complaints (decision 049): a review of an already completed order, staff's decision.
    case 'order.reviewed':
      return [note('provider', serviceFinished, 'reviewed')];
    case 'order.complaintDecided':
      return [
        note(
          'customer',
          orderUpdated,
          payload.status === 'handled' ? 'complaintHandled' : 'complaintRejected',
        ),
      ];
    default:
      return [];
  }
}

/**
 * What customer service's work on a feedback tells its customer (decision 053): a reply, or the
 * status it moved to. Nothing for anything else.
 */
export function planForFeedback(
  eventType: string,
  payload: Record<string, unknown>,
): { recipientId: number; feedbackId: number; messageKey: NotificationMessageKey } | null {
  const recipientId = Number(payload.customerId);
  const feedbackId = Number(payload.feedbackId);
  if (!Number.isInteger(recipientId) || recipientId <= 0 || !Number.isInteger(feedbackId)) return null;
  if (eventType === 'feedback.replied') return { recipientId, feedbackId, messageKey: 'feedbackReplied' };
  if (eventType !== 'feedback.statusChanged') return null;
  const byStatus: Record<string, NotificationMessageKey> = {
    processing: 'feedbackProcessing',
    handled: 'feedbackHandled',
    closed: 'feedbackClosed',
  };
  const messageKey = byStatus[String(payload.status)];
  return messageKey ? { recipientId, feedbackId, messageKey } : null;
}
