import { randomInt } from 'node:crypto';
import type { ORDER_TABS } from '@sabai/shared/booking/booking.schemas';
import { findOrderStatusByCode, type OrderStatus, orderStatusCode } from '@sabai/shared/booking/order-status';
import type { Quote } from '@sabai/shared/booking/quote';
import type { WeeklyShift } from '@sabai/shared/booking/working-hours';
import { money } from '@sabai/shared/money';
import type { Currency } from '@sabai/shared/settings';
import { AppError } from '../../lib/app-error';
import type { BookedAddress, OrderAddressSnapshot, OrderQuoteSnapshot, OrderRow } from './booking.repository';

/** Pure helpers every part of the orders service shares: status codes, quote snapshots, constraint errors. */

export const MINUTE = 60_000;
/** PostgreSQL's exclusion_violation: the therapist's busy time overlaps a live order's. */
const EXCLUSION_VIOLATION = '23P01';
/** PostgreSQL's deadlock_detected. */
const DEADLOCK_DETECTED = '40P01';
/** Attempts of a write that PostgreSQL chose as a deadlock's victim (see `underBusyConstraint`). */
export const BUSY_WRITE_ATTEMPTS = 5;

export type Tab = (typeof ORDER_TABS)[number];

export const codes = (...statuses: OrderStatus[]) => statuses.map(orderStatusCode);
export const TAB_STATUS_CODES: Record<Tab, readonly number[] | null> = {
  all: null,
  pendingPayment: codes('pendingPayment'),
  ongoing: codes(
    'waitingAcceptance',
    'reassigning',
    'accepted',
    'departed',
    'arrived',
    'inService',
    'toBeUsed',
    'preparing',
    'refunding',
  ),
  finished: codes('serviceEnded', 'pendingReview', 'completed', 'consumed'),
  cancelled: codes('cancelled', 'expired', 'refunded'),
};

/** PostgreSQL's fields of an error, as node-postgres and PGlite throw them. */
type DatabaseError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** Whether the error, or one it wraps (drizzle wraps the driver's), is one `matches` accepts. */
function causedBy(error: unknown, matches: (cause: DatabaseError) => boolean): boolean {
  for (let current = error as DatabaseError | undefined; current; current = current.cause as DatabaseError) {
    if (matches(current)) return true;
  }
  return false;
}
const hasCode = (error: unknown, code: string) => causedBy(error, (cause) => cause.code === code);

/**
 * Runs a write under the therapists' no-double-booking constraint: an overlap is "time taken".
 * `write` must be a whole transaction or one statement, since it may run again: two transactions
 * inserting overlapping busy times at the same moment can each wait for the other while checking
 * the exclusion constraint (PostgreSQL's "unprincipled deadlock", execIndexing.c), and PostgreSQL
 * then aborts one of them. That write lost nothing but its turn: run again, it sees the other's
 * order (committed, so "time taken") or none (rolled back, so it may go through). Seen on the CI
 * machine's PostgreSQL with 200 overlapping creates at once: without this, a 500 for some of them.
 */
export async function underBusyConstraint<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (hasCode(error, EXCLUSION_VIOLATION)) throw new AppError('bookingTimeTaken');
      if (!hasCode(error, DEADLOCK_DETECTED) || attempt >= BUSY_WRITE_ATTEMPTS) throw error;
    }
  }
}
export const statusOf = (row: OrderRow): OrderStatus => {
  const status = findOrderStatusByCode(row.status);
  if (!status) throw new Error(`order ${row.id} has unknown status ${row.status}`);
  return status;
};
/** The address as the order keeps it: a copy, so later edits of the address never change the order. */
export const addressSnapshotOf = (address: BookedAddress): OrderAddressSnapshot => ({
  addressId: address.id,
  contactName: address.contactName,
  genderTitle: address.genderTitle,
  phoneE164: address.phoneE164,
  placeType: address.placeType,
  detail: address.detail,
  houseNumber: address.houseNumber,
  arrivalNotes: address.arrivalNotes,
  photoKeys: address.photoKeys,
  lat: address.latitude,
  lng: address.longitude,
});
export const snapshotOf = (quote: Quote): OrderQuoteSnapshot => ({
  unitPrice: quote.unitPrice.amount,
  clocks: quote.clocks,
  service: quote.service.amount,
  travelFee: quote.travelFee.amount,
  managementFee: quote.managementFee.amount,
  vat: quote.vat.amount,
  coupon: quote.coupon.amount,
  total: quote.total.amount,
  payable: quote.payable.amount,
});
export const quoteOf = (row: OrderRow): Quote => {
  const currency = row.currency as Currency;
  const q = row.quote;
  const m = (amount: number) => money(amount, currency);
  return {
    unitPrice: m(q.unitPrice),
    clocks: q.clocks,
    service: m(q.service),
    travelFee: m(q.travelFee),
    managementFee: m(q.managementFee),
    vat: m(q.vat),
    coupon: m(q.coupon),
    total: m(q.total),
    payable: m(q.payable),
  };
};
/** S + local-free UTC date + 8 random digits: unguessable enough to read out, unique by constraint. */
export const newOrderNumber = (now: Date) =>
  `S${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** Store opening hours (0 = Sunday, as Date#getDay) as the availability core's ISO-weekday shifts. */
export const storeShifts = (
  hours: readonly { day: number; opens: string; closes: string }[],
): WeeklyShift[] =>
  hours.map((entry) => ({ weekday: entry.day === 0 ? 7 : entry.day, start: entry.opens, end: entry.closes }));

/**
 * A store's live orders have distinct six-digit codes (a unique index), so the counter can find an
 * order by code alone; on the rare clash a new code is drawn.
 */
export async function withFreshVerificationCode<T>(insert: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(String(randomInt(0, 1_000_000)).padStart(6, '0'));
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'orders_store_verification_code')) throw error;
    }
  }
}
/**
 * Order numbers are the day and eight random digits under a unique key: with thousands of orders a
 * day two bookings can draw the same one (the benchmark met it at ~8,000 orders in a minute), so on
 * that clash a new number is drawn instead of answering a server error.
 */
export async function withFreshOrderNumber<T>(
  now: Date,
  insert: (orderNumber: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(newOrderNumber(now));
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'orders_order_number_unique')) throw error;
    }
  }
}
const isUniqueViolation = (error: unknown, constraint: string) =>
  causedBy(error, (cause) => cause.code === '23505' && cause.constraint === constraint);
