import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { orderSharesOf } from '@sabai/shared/payments/provider-share';

/**
 * What the workbench reads off an order. Before acceptance the server sends only the rounded
 * position, an initial and no phone (issue #13 item 7); the exact address and phone come with it.
 */
export interface OrderPlace {
  detail: string;
  houseNumber: string;
  arrivalNotes: string;
  placeType: string;
}

export const isMasked = (order: Pick<OrderDetail, 'contactPhone'>) => order.contactPhone === '';

export function placeOf(order: Pick<OrderDetail, 'address'>): OrderPlace | null {
  const address = order.address as Record<string, unknown> | null;
  if (!address || typeof address.detail !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    detail: address.detail,
    houseNumber: text(address.houseNumber),
    arrivalNotes: text(address.arrivalNotes),
    placeType: text(address.placeType),
  };
}

/**
 * What the provider will earn from the order: the settlement's own rule (decision 108), the service
 * less the platform's share in their city, plus the travel fee (fees and VAT are not theirs).
 */
export const earningsOf = (order: Pick<OrderDetail, 'quote'>, platformShareBasisPoints: number) =>
  orderSharesOf(order.quote, platformShareBasisPoints).providerShare;

/** When the order began waiting for this provider's answer: its latest entry into "waiting". */
export function waitingSince(order: Pick<OrderDetail, 'timeline' | 'createdAt'>): number {
  const entries = order.timeline.filter((row) => row.to === 'waitingAcceptance');
  const last = entries[entries.length - 1];
  return Date.parse(last?.at ?? order.createdAt);
}
