import { freeStarts } from '@sabai/shared/booking/availability';
import {
  type CityBookingSettings,
  DEFAULT_CITY_BOOKING_SETTINGS,
} from '@sabai/shared/booking/booking-settings';
import type { FreeStart } from './api/booking-api';

/** A store's opening hours as the catalogue gives them: day 0 = Sunday … 6 = Saturday, local times. */
export interface OpeningHoursEntry {
  day: number;
  opens: string;
  closes: string;
}

/**
 * The starts a store can receive a customer at on one local date: its opening hours on the booking
 * grid, the service ending by closing time, past the lead time — the same pure rule the server
 * checks an in-store order with (packages/shared/src/booking/availability.ts), with the city's
 * booking settings (the defaults until they have loaded). A store has no route of free starts of
 * its own; a chosen therapist's own free starts narrow these, and the server stays the final word.
 */
export function storeFreeStarts(input: {
  openingHours: readonly OpeningHoursEntry[];
  timeZone: string;
  date: string;
  durationMinutes: number;
  now: number;
  settings?: CityBookingSettings | undefined;
}): FreeStart[] {
  const schedule = {
    timeZone: input.timeZone,
    weeklyShifts: input.openingHours.map((entry) => ({
      weekday: entry.day === 0 ? 7 : entry.day,
      start: entry.opens,
      end: entry.closes,
    })),
    daysOff: [],
    timeOff: [],
    bookings: [],
    home: null,
  };
  return freeStarts({
    schedule,
    date: input.date,
    now: new Date(input.now),
    durationMinutes: input.durationMinutes,
    visit: { kind: 'inStore' },
    settings: input.settings ?? DEFAULT_CITY_BOOKING_SETTINGS,
  }).map(({ startsAt, endsAt, localDate, localTime, utcOffsetMinutes, travelMinutes }) => ({
    startsAt,
    endsAt,
    localDate,
    localTime,
    utcOffsetMinutes,
    travelMinutes,
  }));
}

/** Starts in both lists (the store open and the chosen therapist free). */
export const bothFree = (store: readonly FreeStart[], therapist: readonly FreeStart[]) => {
  const free = new Set(therapist.map((slot) => Date.parse(slot.startsAt)));
  return store.filter((slot) => free.has(Date.parse(slot.startsAt)));
};
