import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { type OrderStatus, orderStatusCode } from '@sabai/shared/booking/order-status';
import { isProviderLate } from '@sabai/shared/booking/settlement';
import type { OrderFlagKind } from './attention.repository';
import type { OrderRow } from './booking.repository';

const MINUTE = 60_000;

/**
 * The time-driven flags customer service watches (issue #13 item 8, decision 029): when each falls
 * due for an order, and in which statuses it still means something. A flag is raised by a timed job
 * at its due time and resolved as soon as the order leaves those statuses.
 */
export const FLAG_RULES: Record<
  OrderFlagKind,
  { openStatuses: readonly OrderStatus[]; dueAt(order: OrderRow, settings: CityBookingSettings): number }
> = {
  /** Accepted, and not on the way by the start minus the estimated travel time. */
  lateDeparture: {
    openStatuses: ['accepted'],
    dueAt: (order) => order.startsAt.getTime() - order.travelMinutes * MINUTE,
  },
  /**
   * Not arrived the city's minutes past the start: the same moment the settlement starts letting
   * the customer cancel free (`isProviderLate` is strict, so the due time is just after the limit).
   */
  providerLate: {
    openStatuses: ['accepted', 'departed'],
    dueAt: (order, settings) => order.startsAt.getTime() + settings.providerLateMinutes * MINUTE + 1_000,
  },
  /** Still in service the city's minutes past the booked end (which extra clocks move). */
  overrun: {
    openStatuses: ['inService'],
    dueAt: (order, settings) => order.endsAt.getTime() + settings.overrunFlagMinutes * MINUTE,
  },
};

export const openStatusCodesOf = (kind: OrderFlagKind): readonly number[] =>
  FLAG_RULES[kind].openStatuses.map(orderStatusCode);

/** Whether the flag's condition holds for the order now. */
export function isFlagDue(kind: OrderFlagKind, order: OrderRow, settings: CityBookingSettings, now: Date) {
  if (!openStatusCodesOf(kind).includes(order.status)) return false;
  if (kind === 'providerLate') {
    return isProviderLate({ bookedStart: order.startsAt, arrivedAt: order.arrivedAt, now, settings });
  }
  return now.getTime() >= FLAG_RULES[kind].dueAt(order, settings);
}

/** The flags a status starts watching (a home visit's), scheduled when the order enters it. */
export const FLAGS_STARTED_BY: Partial<Record<OrderStatus, readonly OrderFlagKind[]>> = {
  accepted: ['lateDeparture', 'providerLate'],
  inService: ['overrun'],
};

/** The open flags an order in this status no longer needs. */
export const flagsResolvedBy = (status: OrderStatus): OrderFlagKind[] =>
  (Object.keys(FLAG_RULES) as OrderFlagKind[]).filter(
    (kind) => !FLAG_RULES[kind].openStatuses.includes(status),
  );
