import { type OrderKind, type OrderStatus, STATUSES_BY_KIND } from './order-status';

/**
 * The one order state machine, shared by the server (which refuses anything not in the table) and
 * the web app (which shows only the actions the table allows now). Zod-free. `docs/orders.md`
 * holds the same table for people; a test parses it and compares.
 */
export const ORDER_ACTORS = ['customer', 'provider', 'store', 'staff', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_TRANSITIONS = [
  'pay',
  'expire',
  'cancel',
  'accept',
  'decline',
  'autoDecline',
  'giveBack',
  'reassign',
  'depart',
  'arrive',
  'start',
  'end',
  'autoEnd',
  'reportNoShow',
  'awaitReview',
  'review',
  'autoComplete',
  'prepare',
  'consume',
  'refund',
] as const;
export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];

export interface TransitionRule {
  readonly kind: OrderKind;
  readonly transition: OrderTransition;
  readonly actors: readonly OrderActor[];
  readonly from: readonly OrderStatus[];
  readonly to: OrderStatus;
}

const rule = (
  kind: OrderKind,
  transition: OrderTransition,
  actors: readonly OrderActor[],
  from: readonly OrderStatus[],
  to: OrderStatus,
): TransitionRule => ({ kind, transition, actors, from, to });

/**
 * Read top to bottom as the order's life. Cancelling an unpaid order ends it; cancelling a paid one
 * goes through "refunding", where the settlement (what is kept, what goes back) is executed. The
 * payment confirmation is the system's (a webhook); the customer is listed for `pay` so the web app
 * offers the pay button. Staff may reassign a flagged order to a free provider and cancel on
 * anyone's behalf, in service too.
 */
export const TRANSITION_RULES: readonly TransitionRule[] = [
  rule('homeVisit', 'pay', ['customer', 'system'], ['pendingPayment'], 'waitingAcceptance'),
  rule('homeVisit', 'expire', ['system'], ['pendingPayment'], 'expired'),
  rule('homeVisit', 'cancel', ['customer', 'staff'], ['pendingPayment'], 'cancelled'),
  rule('homeVisit', 'accept', ['provider'], ['waitingAcceptance'], 'accepted'),
  rule('homeVisit', 'decline', ['provider'], ['waitingAcceptance'], 'reassigning'),
  rule('homeVisit', 'autoDecline', ['system'], ['waitingAcceptance'], 'reassigning'),
  rule('homeVisit', 'giveBack', ['provider'], ['accepted', 'departed'], 'reassigning'),
  rule('homeVisit', 'reassign', ['customer', 'staff'], ['reassigning'], 'waitingAcceptance'),
  rule(
    'homeVisit',
    'reassign',
    ['staff'],
    ['waitingAcceptance', 'accepted', 'departed'],
    'waitingAcceptance',
  ),
  rule('homeVisit', 'depart', ['provider'], ['accepted'], 'departed'),
  rule('homeVisit', 'arrive', ['provider'], ['departed'], 'arrived'),
  rule('homeVisit', 'start', ['provider'], ['arrived'], 'inService'),
  rule('homeVisit', 'end', ['provider'], ['inService'], 'serviceEnded'),
  rule('homeVisit', 'autoEnd', ['system'], ['inService'], 'serviceEnded'),
  rule('homeVisit', 'awaitReview', ['system'], ['serviceEnded'], 'pendingReview'),
  rule('homeVisit', 'review', ['customer'], ['serviceEnded', 'pendingReview'], 'completed'),
  rule('homeVisit', 'autoComplete', ['system'], ['serviceEnded', 'pendingReview'], 'completed'),
  rule(
    'homeVisit',
    'cancel',
    ['customer', 'staff'],
    ['waitingAcceptance', 'accepted', 'departed', 'arrived'],
    'refunding',
  ),
  rule('homeVisit', 'cancel', ['customer', 'staff', 'system'], ['reassigning'], 'refunding'),
  rule('homeVisit', 'cancel', ['staff'], ['inService'], 'refunding'),
  rule('homeVisit', 'reportNoShow', ['provider'], ['arrived'], 'refunding'),
  rule('homeVisit', 'refund', ['system'], ['refunding'], 'refunded'),

  rule('inStore', 'pay', ['customer', 'system'], ['pendingPayment'], 'toBeUsed'),
  rule('inStore', 'expire', ['system'], ['pendingPayment'], 'expired'),
  rule('inStore', 'cancel', ['customer', 'staff'], ['pendingPayment'], 'cancelled'),
  rule('inStore', 'prepare', ['store'], ['toBeUsed'], 'preparing'),
  rule('inStore', 'consume', ['store'], ['toBeUsed', 'preparing'], 'consumed'),
  rule('inStore', 'cancel', ['customer', 'store', 'staff'], ['toBeUsed'], 'refunding'),
  rule('inStore', 'cancel', ['store', 'staff'], ['preparing'], 'refunding'),
  rule('inStore', 'refund', ['system'], ['refunding'], 'refunded'),
];

/**
 * Why a transition was refused: `illegalTransition` when the order's kind and status allow no such
 * step for anyone; `actorNotAllowed` when the step exists but belongs to someone else. The server
 * maps each to a localised error code.
 */
export type TransitionRefusal = 'illegalTransition' | 'actorNotAllowed';

export type TransitionOutcome =
  | { readonly ok: true; readonly status: OrderStatus }
  | { readonly ok: false; readonly reason: TransitionRefusal };

const findRule = (kind: OrderKind, from: OrderStatus, transition: OrderTransition) =>
  TRANSITION_RULES.find(
    (candidate) =>
      candidate.kind === kind && candidate.transition === transition && candidate.from.includes(from),
  );

export function nextStatus(
  kind: OrderKind,
  from: OrderStatus,
  transition: OrderTransition,
  actor: OrderActor,
): TransitionOutcome {
  const found = STATUSES_BY_KIND[kind].includes(from) ? findRule(kind, from, transition) : undefined;
  if (!found) return { ok: false, reason: 'illegalTransition' };
  if (!found.actors.includes(actor)) return { ok: false, reason: 'actorNotAllowed' };
  return { ok: true, status: found.to };
}

/** The transitions this actor may make now, in table order, for showing only the allowed actions. */
export function allowedTransitions(
  kind: OrderKind,
  status: OrderStatus,
  actor: OrderActor,
): OrderTransition[] {
  const allowed = TRANSITION_RULES.filter(
    (candidate) =>
      candidate.kind === kind && candidate.from.includes(status) && candidate.actors.includes(actor),
  ).map((candidate) => candidate.transition);
  return [...new Set(allowed)];
}
