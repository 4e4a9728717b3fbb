import type { OrderKind, OrderStatus } from './order-status';
import type { OrderActor } from './order-transitions';

/**
 * Customer actions that leave the status where it is (the spec's urge, change project, extra
 * clock, delete, rebook, complain, tip). They live beside the transitions so the web app asks one
 * place what to show, and `docs/orders.md` lists them too.
 */
export const ORDER_ACTIONS = [
  'urge',
  'changeProject',
  'addClock',
  'delete',
  'rebook',
  'complain',
  'tip',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface ActionRule {
  readonly kind: OrderKind;
  readonly action: OrderAction;
  readonly actors: readonly OrderActor[];
  readonly statuses: readonly OrderStatus[];
}

const FINISHED_HOME_VISIT: readonly OrderStatus[] = ['serviceEnded', 'pendingReview', 'completed'];

export const ACTION_RULES: readonly ActionRule[] = [
  // Urging only makes sense while someone still has to act for the customer.
  {
    kind: 'homeVisit',
    action: 'urge',
    actors: ['customer'],
    statuses: ['waitingAcceptance', 'accepted', 'departed'],
  },
  // A new project changes the service and its price, so not once the service has started.
  {
    kind: 'homeVisit',
    action: 'changeProject',
    actors: ['customer'],
    statuses: ['waitingAcceptance', 'accepted', 'departed', 'arrived'],
  },
  { kind: 'homeVisit', action: 'addClock', actors: ['customer'], statuses: ['inService'] },
  {
    kind: 'homeVisit',
    action: 'delete',
    actors: ['customer'],
    statuses: ['completed', 'cancelled', 'expired', 'refunded'],
  },
  { kind: 'homeVisit', action: 'rebook', actors: ['customer'], statuses: FINISHED_HOME_VISIT },
  { kind: 'homeVisit', action: 'complain', actors: ['customer'], statuses: FINISHED_HOME_VISIT },
  // A tip thanks a service that was given: once it has ended, not only after the review (issue #31,
  // decision 108). "Service ended" is the moment before "waiting for review" (the server moves it
  // on at once) and the customer reads the same page. Payments checks the same rule before a tip.
  { kind: 'homeVisit', action: 'tip', actors: ['customer'], statuses: FINISHED_HOME_VISIT },
  {
    kind: 'inStore',
    action: 'delete',
    actors: ['customer'],
    statuses: ['consumed', 'cancelled', 'expired', 'refunded'],
  },
  { kind: 'inStore', action: 'complain', actors: ['customer'], statuses: ['consumed'] },
  { kind: 'inStore', action: 'tip', actors: ['customer'], statuses: ['consumed'] },
];

export function isActionAllowed(
  kind: OrderKind,
  status: OrderStatus,
  action: OrderAction,
  actor: OrderActor,
) {
  return ACTION_RULES.some(
    (candidate) =>
      candidate.kind === kind &&
      candidate.action === action &&
      candidate.statuses.includes(status) &&
      candidate.actors.includes(actor),
  );
}

export function allowedActions(kind: OrderKind, status: OrderStatus, actor: OrderActor): OrderAction[] {
  return ACTION_RULES.filter(
    (candidate) =>
      candidate.kind === kind && candidate.statuses.includes(status) && candidate.actors.includes(actor),
  ).map((candidate) => candidate.action);
}
