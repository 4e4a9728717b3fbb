import { DEFAULT_CITY_BOOKING_SETTINGS } from '@sabai/shared/booking/booking-settings';
import { addDays, localDateTimeOf } from '@sabai/shared/booking/zoned-time';

/**
 * The day tabs of the start picker: today and the following days of the booking horizon, as local
 * dates in the city's time zone (not the phone's: a traveller in another zone books the city's
 * day). The server offers starts only inside the same horizon.
 */
export function bookingDays(
  now: number,
  timeZone: string,
  count = DEFAULT_CITY_BOOKING_SETTINGS.bookingHorizonDays,
): string[] {
  const today = localDateTimeOf(now, timeZone).date;
  return Array.from({ length: count }, (_, index) => addDays(today, index));
}

/** The local date of an instant in the city, to open the tab of a start chosen before. */
export const localDateIn = (instant: string, timeZone: string) =>
  localDateTimeOf(Date.parse(instant), timeZone).date;

/** A start kept from an earlier visit (link, draft) only while it is still ahead; else none. */
export const upcoming = (startsAt: string | undefined, now: number) =>
  startsAt && Date.parse(startsAt) > now ? startsAt : '';
