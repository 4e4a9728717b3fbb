/**
 * Local dates and wall-clock times in an IANA time zone, through Intl only (no date library: the
 * three conversions below are all booking needs). Instants are epoch milliseconds; local dates are
 * 'YYYY-MM-DD' and times of day are minutes since local midnight.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** '00' … '99': the two-digit fields of dates and times, written without padding each time. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/**
 * 'YYYY-MM-DD' of an instant in UTC, as `toISOString().slice(0, 10)` writes it, from the date's
 * fields: the built-in formatting costs about as much as the rest of a date conversion.
 */
function isoDateOf(instant: number): string {
  const date = new Date(instant);
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString().slice(0, 10);
  return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}`;
}

let isoDay = Number.NaN;
let isoDayPrefix = '';

/**
 * `new Date(instant).toISOString()`, its date part written once per UTC day: the free starts of a
 * day write four instants per start, and the built-in formatting was most of their computation.
 */
export function isoInstant(instant: number): string {
  if (!Number.isInteger(instant)) return new Date(instant).toISOString(); // throws when invalid
  const day = Math.floor(instant / DAY);
  if (day !== isoDay) {
    const iso = new Date(instant).toISOString(); // throws out of Date's range, as the built-in does
    isoDayPrefix = iso.slice(0, iso.indexOf('T') + 1);
    isoDay = day;
  }
  const inDay = instant - day * DAY;
  const millis = inDay % 1000;
  const seconds = Math.floor(inDay / 1000);
  return `${isoDayPrefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${
    TWO_DIGITS[seconds % 60]
  }.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock at an instant, as if it were UTC (its epoch ms), so differences are offsets. */
function wallClockAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC in minutes at an instant (+420 in Phnom Penh, +60 or +120 in Berlin). */
export function utcOffsetMinutes(instant: number, timeZone: string): number {
  const wholeSeconds = instant - (((instant % 1000) + 1000) % 1000);
  return Math.round((wallClockAt(wholeSeconds, timeZone) - wholeSeconds) / MINUTE);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parseLocalDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const midnight = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || isoDateOf(midnight) !== date) throw new RangeError(`not a date: ${date}`);
  return midnight;
}

export const addDays = (date: string, days: number) => isoDateOf(parseLocalDate(date) + days * DAY);

/** ISO weekday of a local date: Monday 1 … Sunday 7. */
export const isoWeekday = (date: string) => new Date(parseLocalDate(date)).getUTCDay() || 7;

/**
 * Every instant at which the zone's clocks show this local date and time: one normally, none in
 * the hour skipped when clocks go forward, two in the hour repeated when they go back (earlier
 * first). Minutes may run past 1440 into the next days.
 */
export function instantsOfLocal(date: string, minutesOfDay: number, timeZone: string): number[] {
  const wall = parseLocalDate(date) + minutesOfDay * MINUTE;
  // Offsets in force a day either side cover any single change near this wall time.
  const offsets = new Set([utcOffsetMinutes(wall - DAY, timeZone), utcOffsetMinutes(wall + DAY, timeZone)]);
  const instants = [...offsets]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => wallClockAt(instant, timeZone) === wall);
  return [...new Set(instants)].sort((a, b) => a - b);
}

const steadyOffsets = new Map<string, number | null>();

/**
 * The offset in force all through a local date and the days either side, or null when the clocks
 * change near it. Most dates are steady, and one cached offset then converts all their times
 * without an Intl call each (the costly part of a conversion).
 */
function steadyOffsetOf(date: string, timeZone: string): number | null {
  const key = `${timeZone} ${date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const midnight = parseLocalDate(date);
    const before = utcOffsetMinutes(midnight - DAY, timeZone);
    offset = before === utcOffsetMinutes(midnight + 2 * DAY, timeZone) ? before : null;
    if (steadyOffsets.size >= 10_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/**
 * One instant for a local time, as people mean it: the earlier of a repeated time, and for a
 * skipped time the moment the clocks jumped past it (02:30 on a spring-forward night is 03:30).
 */
export function instantOfLocal(date: string, minutesOfDay: number, timeZone: string): number {
  if (minutesOfDay >= 24 * 60) return instantOfLocal(addDays(date, 1), minutesOfDay - 24 * 60, timeZone);
  const steady = steadyOffsetOf(date, timeZone);
  if (steady !== null) return parseLocalDate(date) + (minutesOfDay - steady) * MINUTE;
  const [first] = instantsOfLocal(date, minutesOfDay, timeZone);
  if (first !== undefined) return first;
  const wall = parseLocalDate(date) + minutesOfDay * MINUTE;
  return wall - utcOffsetMinutes(wall - DAY, timeZone) * MINUTE;
}

export interface LocalDateTime {
  readonly date: string;
  /** 'HH:MM', 24-hour. */
  readonly time: string;
  readonly utcOffsetMinutes: number;
}

/** The local date at an instant (one Intl call where `localDateTimeOf` makes two). */
export const localDateOf = (instant: number, timeZone: string): string =>
  isoDateOf(wallClockAt(instant, timeZone));

export function localDateTimeOf(instant: number, timeZone: string): LocalDateTime {
  const wall = new Date(wallClockAt(instant, timeZone)).toISOString();
  return {
    date: wall.slice(0, 10),
    time: wall.slice(11, 16),
    utcOffsetMinutes: utcOffsetMinutes(instant, timeZone),
  };
}

/** 'HH:MM' (00:00–24:00) as minutes since midnight. */
export function parseTimeOfDay(time: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!match || minutes > 24 * 60) throw new RangeError(`not a time of day: ${time}`);
  return minutes;
}

export interface LocalGridPoint {
  readonly instant: number;
  readonly time: string;
  readonly utcOffsetMinutes: number;
}

const timeLabel = (minutes: number) => `${TWO_DIGITS[Math.floor(minutes / 60)]}:${TWO_DIGITS[minutes % 60]}`;

/**
 * The instants of a local date's grid (00:00, 00:15, …) in real order: skipped times left out,
 * repeated times twice. Most days see no clock change; then one offset serves the whole day and
 * the per-time look-ups (the costly part, each an Intl call) are skipped; the day's steadiness is
 * itself remembered per zone and date (`steadyOffsetOf`).
 */
export function localGridOf(date: string, stepMinutes: number, timeZone: string): LocalGridPoint[] {
  const midnight = parseLocalDate(date);
  const steady = steadyOffsetOf(date, timeZone);
  const points: LocalGridPoint[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    if (steady !== null) {
      points.push({
        instant: midnight + (minutes - steady) * MINUTE,
        time: timeLabel(minutes),
        utcOffsetMinutes: steady,
      });
      continue;
    }
    for (const instant of instantsOfLocal(date, minutes, timeZone)) {
      points.push({
        instant,
        time: timeLabel(minutes),
        utcOffsetMinutes: utcOffsetMinutes(instant, timeZone),
      });
    }
  }
  return points.sort((a, b) => a.instant - b.instant);
}
