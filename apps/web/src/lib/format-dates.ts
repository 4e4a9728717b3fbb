import { utcOffsetMinutes } from '@sabai/shared/booking/zoned-time';
import { hasIntlData } from './format';
import { intlFormatter } from './intl-formatters';

/**
 * Dates and times as a user reads them (decision 108). Every moment is shown on a named clock: the
 * city's, for what belongs to a city (an order and its refund, payments, tips, timeline, receipt,
 * the workbench), else the viewer's own (their account, notifications, reviews). Each formatter
 * takes the zone as a required argument, so a call site cannot forget to choose; `VIEWER_ZONE`
 * says "the viewer's clock" out loud. Only a calendar date (a day with no moment: a certificate's
 * issue date, a day heading) is written on UTC, the clock it was stored on. A relative time ("3 days
 * ago") is the viewer's by nature. `dates-in-zones.test.ts` keeps date formatting in this file.
 */

/** The viewer's own clock: for what belongs to no city. */
export const VIEWER_ZONE = undefined;
/** An IANA zone, or `VIEWER_ZONE`. */
export type ShownZone = string | undefined;

/** Without data for the language, dates are written with numbers only (day/month/year, 24 h). */
const NUMERIC_LOCALE = 'en-GB';

/** The viewer's IANA zone, for rules that need a zone's name (grouping by local day). */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Formats on the zone's clock; a zone the browser does not know falls back to the viewer's. */
function formatIn(date: Date, locale: string, options: Intl.DateTimeFormatOptions, timeZone: ShownZone) {
  try {
    return intlFormatter(Intl.DateTimeFormat, locale, timeZone ? { ...options, timeZone } : options).format(
      date,
    );
  } catch {
    return intlFormatter(Intl.DateTimeFormat, locale, options).format(date);
  }
}

/** A moment's date and time ("Dec 2, 2026, 6:38 AM") on the given clock. */
export function formatDateTime(iso: string, locale: string, timeZone: ShownZone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!hasIntlData(locale)) {
    return formatIn(date, NUMERIC_LOCALE, { dateStyle: 'short', timeStyle: 'short' }, timeZone);
  }
  return formatIn(date, locale, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
}

/** A moment's date ("Dec 2, 2026") on the given clock: the day it was there, not in Greenwich. */
export function formatDate(iso: string, locale: string, timeZone: ShownZone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!hasIntlData(locale)) return formatIn(date, NUMERIC_LOCALE, { dateStyle: 'short' }, timeZone);
  return formatIn(date, locale, { dateStyle: 'medium' }, timeZone);
}

/**
 * A calendar date ('YYYY-MM-DD', a day with no moment) as the reader writes dates. It is read and
 * written on UTC, so it is the same day on every clock; anything else is shown as it came.
 */
export function formatLocalDate(localDate: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(localDate)) return localDate;
  const noon = new Date(`${localDate}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return localDate;
  const hasData = hasIntlData(locale);
  const options: Intl.DateTimeFormatOptions = { dateStyle: hasData ? 'medium' : 'short', timeZone: 'UTC' }; // a calendar date
  return intlFormatter(Intl.DateTimeFormat, hasData ? locale : NUMERIC_LOCALE, options).format(noon);
}

/** Weekday name of day 0–6 (0 = Sunday), as opening hours number them. */
export function weekdayName(day: number, locale: string): string {
  // 4 January 2026 was a Sunday.
  const date = new Date(Date.UTC(2026, 0, 4 + day));
  return intlFormatter(Intl.DateTimeFormat, locale, { weekday: 'long', timeZone: 'UTC' }).format(date); // a calendar date
}

/**
 * A zone's offset as people write it: "UTC+7", "UTC+5:30", "UTC-3", "UTC". Undefined for a zone
 * the browser does not know.
 */
export function utcOffsetLabel(timeZone: string, at: number = Date.now()): string | undefined {
  let minutes: number;
  try {
    minutes = utcOffsetMinutes(at, timeZone);
  } catch {
    return undefined;
  }
  if (!Number.isFinite(minutes)) return undefined;
  if (minutes === 0) return 'UTC';
  const whole = Math.abs(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * Spec section 9: under 5 minutes "just now", then minutes, hours, days up to 30, then a date (on
 * the viewer's clock: a relative time is theirs). Always in the past tense: a moment a little ahead
 * (a phone's clock behind the server's) is "just now", one further ahead is its date; never "in 3
 * days" or a minus sign.
 */
export function formatRelativeTime(date: Date, locale: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const relative = intlFormatter(Intl.RelativeTimeFormat, locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 5 * 60) return relative.format(0, 'second');
  if (seconds < 0 || seconds >= 30 * 86_400)
    return formatIn(date, locale, { dateStyle: 'medium' }, VIEWER_ZONE);
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return relative.format(-Math.floor(seconds / 86_400), 'day');
}

/**
 * When a therapist can next be booked, as short as is still clear: the time alone today, the
 * weekday and time within a week, else the date and time. Shown on the city's clock.
 */
export function formatUpcoming(
  iso: string,
  locale: string,
  timeZone: ShownZone,
  now: Date = new Date(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ? { timeZone } : {};
  const dayOf = (value: Date) => {
    try {
      return intlFormatter(Intl.DateTimeFormat, 'en-CA', { ...zone, dateStyle: 'short' }).format(value);
    } catch {
      return value.toDateString();
    }
  };
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  const ahead = date.getTime() - now.getTime();
  const hasData = hasIntlData(locale);
  if (!hasData) locale = NUMERIC_LOCALE;
  let options: Intl.DateTimeFormatOptions;
  if (dayOf(date) === dayOf(now)) options = time;
  else if (hasData && ahead > 0 && ahead < 6 * 86_400_000) options = { ...time, weekday: 'short' };
  else options = { ...time, month: hasData ? 'short' : 'numeric', day: 'numeric' };
  return formatIn(date, locale, options, timeZone);
}
