import { hasIntlData } from '../../lib/format';
import { formatLocalDate } from '../../lib/format-dates';
import { intlFormatter } from '../../lib/intl-formatters';

/** 24-hour "10:00" on the provider's city clock, in any language (digits need no locale data). */
export function timeOfDay(iso: string, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  };
  return intlFormatter(Intl.DateTimeFormat, hasIntlData(locale) ? locale : 'en-GB', options).format(
    new Date(iso),
  );
}

/** "10:00–11:00" on the city clock. */
export const timeRange = (startIso: string, endIso: string, locale: string, timeZone: string) =>
  `${timeOfDay(startIso, locale, timeZone)}–${timeOfDay(endIso, locale, timeZone)}`;

/** A local date ("2026-11-25") as a heading in the user's language. */
export const dateHeading = (localDate: string, locale: string) => formatLocalDate(localDate, locale);

/** "2:59" for a countdown. */
export function clockOf(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** The local date ("2026-11-25") of an instant on the city clock: the workbench groups by it. */
export function localDateOfOrder(iso: string, timeZone: string): string {
  return intlFormatter(Intl.DateTimeFormat, 'en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}
