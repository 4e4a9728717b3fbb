import type { LatLng } from '../geo';
import type { CityBookingSettings, TravelMode } from './booking-settings';
import { straightLineMetres, travelMinutes } from './travel';
import { contains, overlaps, type Span, type WeeklyShift, workingSpans } from './working-hours';
import { addDays, isoInstant, localDateOf, localGridOf } from './zoned-time';

/**
 * Free start times for one provider, computed from the provider's week, time off and live orders
 * in the city's time zone. Zod-free and pure: the server loads the facts and calls this; the
 * database's exclusion constraint is the final word when two customers race for the same time.
 */
const MINUTE = 60_000;

/** A live order of the provider: its stored busy interval, its booked end and where it takes place. */
export interface LiveBooking {
  readonly busyStart: Date;
  readonly busyEnd: Date;
  readonly serviceEnd: Date;
  /** The customer's address for a home visit, the store for an in-store order. */
  readonly place: LatLng | null;
}

export interface ProviderSchedule {
  readonly timeZone: string;
  readonly weeklyShifts: readonly WeeklyShift[];
  /** Local dates ('YYYY-MM-DD') without work. */
  readonly daysOff: readonly string[];
  readonly timeOff: readonly { readonly start: Date; readonly end: Date }[];
  readonly bookings: readonly LiveBooking[];
  /** Where the provider sets out from when no earlier order precedes the new one. */
  readonly home: LatLng | null;
}

export type Visit =
  | { readonly kind: 'homeVisit'; readonly address: LatLng; readonly travelMode: TravelMode }
  | { readonly kind: 'inStore' };

export type AvailabilitySettings = Pick<
  CityBookingSettings,
  | 'leadTimeMinutes'
  | 'slotGridMinutes'
  | 'bookingHorizonDays'
  | 'bufferMinutes'
  | 'roadFactor'
  | 'travelSpeedKmh'
>;

export interface FreeStart {
  /** ISO UTC instants. */
  readonly startsAt: string;
  readonly endsAt: string;
  /** The busy interval the order will hold: travel before, buffer after. */
  readonly busyFrom: string;
  readonly busyUntil: string;
  readonly travelMinutes: number;
  /** The start in the city's local time, for labels. */
  readonly localDate: string;
  readonly localTime: string;
  readonly utcOffsetMinutes: number;
}

/**
 * The busy interval a new order holds (the span the exclusion constraint compares): a home visit
 * holds [start − travel, end + buffer]; an in-store order only its service, the store receiving
 * the customer.
 */
export function busySpanOf(
  start: number,
  durationMinutes: number,
  travel: number,
  visit: Visit,
  bufferMinutes: number,
): Span {
  const end = start + durationMinutes * MINUTE;
  if (visit.kind === 'inStore') return { start, end };
  return { start: start - travel * MINUTE, end: end + bufferMinutes * MINUTE };
}

/** Where the provider comes from for a start: the place of the live order ending last before it. */
function previousPlace(schedule: ProviderSchedule, start: number): LatLng | null {
  let latest: LiveBooking | undefined;
  for (const booking of schedule.bookings) {
    const end = booking.serviceEnd.getTime();
    if (end <= start && (!latest || end > latest.serviceEnd.getTime())) latest = booking;
  }
  return latest ? latest.place : schedule.home;
}

function travelTo(
  schedule: ProviderSchedule,
  start: number,
  visit: Visit,
  settings: AvailabilitySettings,
): number {
  if (visit.kind === 'inStore') return 0;
  const from = previousPlace(schedule, start);
  return from ? travelMinutes(straightLineMetres(from, visit.address), visit.travelMode, settings) : 0;
}

const busySpans = (schedule: ProviderSchedule): Span[] => [
  ...schedule.bookings.map((booking) => ({
    start: booking.busyStart.getTime(),
    end: booking.busyEnd.getTime(),
  })),
  ...schedule.timeOff.map((off) => ({ start: off.start.getTime(), end: off.end.getTime() })),
];

export interface FreeStartsQuery {
  readonly schedule: ProviderSchedule;
  /** The local date in the city's time zone whose starts are wanted. */
  readonly date: string;
  readonly now: Date;
  readonly durationMinutes: number;
  readonly visit: Visit;
  readonly settings: AvailabilitySettings;
  /** Stop after this many starts (a card wants only the first). */
  readonly limit?: number;
}

/**
 * Starts on the local grid of one day that are at least the lead time ahead, within the horizon
 * (today and the days after it, `bookingHorizonDays` in all), whose service lies inside working
 * hours, and whose busy interval (own travel from the previous order's place and own buffer
 * included) collides with no live order and no time off. Travel may begin before the shift: the
 * journey to the first customer is not service time. Starts come in real order, so in the hour
 * repeated when clocks go back the same label appears twice, told apart by its offset.
 */
export function freeStarts(query: FreeStartsQuery): FreeStart[] {
  const { schedule, date, settings, visit } = query;
  if (!Number.isSafeInteger(query.durationMinutes) || query.durationMinutes <= 0) {
    throw new RangeError(`not a duration: ${query.durationMinutes}`);
  }
  const earliest = query.now.getTime() + settings.leadTimeMinutes * MINUTE;
  // The horizon counts local days, today first, so the last bookable day is offered whole.
  const today = localDateOf(query.now.getTime(), schedule.timeZone);
  if (date > addDays(today, settings.bookingHorizonDays - 1)) return [];
  // The day before: a night shift that started yesterday runs into this date.
  const working = workingSpans(
    schedule.weeklyShifts,
    schedule.daysOff,
    addDays(date, -1),
    addDays(date, 1),
    schedule.timeZone,
  );
  if (!working.length) return [];
  const busy = busySpans(schedule);
  const starts: FreeStart[] = [];
  for (const point of localGridOf(date, settings.slotGridMinutes, schedule.timeZone)) {
    const start = point.instant;
    if (start < earliest) continue;
    const service = { start, end: start + query.durationMinutes * MINUTE };
    if (!working.some((span) => contains(span, service))) continue;
    const travel = travelTo(schedule, start, visit, settings);
    const held = busySpanOf(start, query.durationMinutes, travel, visit, settings.bufferMinutes);
    if (busy.some((span) => overlaps(span, held))) continue;
    starts.push({
      startsAt: isoInstant(start),
      endsAt: isoInstant(service.end),
      busyFrom: isoInstant(held.start),
      busyUntil: isoInstant(held.end),
      travelMinutes: travel,
      localDate: date,
      localTime: point.time,
      utcOffsetMinutes: point.utcOffsetMinutes,
    });
    if (query.limit !== undefined && starts.length >= query.limit) break;
  }
  return starts;
}

/**
 * The first free start within the horizon, for a therapist card ("earliest 14:30"). Without a
 * customer's address the card asks for an in-store-like visit (no travel) unless one is given.
 */
export function earliestStart(query: Omit<FreeStartsQuery, 'date'>): FreeStart | null {
  const today = localDateOf(query.now.getTime(), query.schedule.timeZone);
  for (let day = 0; day < query.settings.bookingHorizonDays; day++) {
    const [first] = freeStarts({ ...query, date: addDays(today, day), limit: 1 });
    if (first) return first;
  }
  return null;
}

/** "Available now": inside a shift, and neither serving, travelling nor off at this moment. */
export function isAvailableNow(schedule: ProviderSchedule, now: Date): boolean {
  const instant = now.getTime();
  const today = localDateOf(instant, schedule.timeZone);
  const moment = { start: instant, end: instant + 1 };
  const working = workingSpans(
    schedule.weeklyShifts,
    schedule.daysOff,
    addDays(today, -1),
    today,
    schedule.timeZone,
  );
  return (
    working.some((span) => contains(span, moment)) &&
    !busySpans(schedule).some((span) => overlaps(span, moment))
  );
}
