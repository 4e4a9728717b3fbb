import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import type { Plugin } from 'vite';

/**
 * Decision 095: the FormatJS date polyfill parses every skeleton of a language's data the first time
 * a formatter is made in it (640 in Khmer, 846 in Thai: ≈ 110 ms of one task on the main thread,
 * inside the first render of a list with a date). Most skeletons carry a field the app never asks a
 * date for: an era (G), a flexible day period (B) or a time-zone name (v, V, z, Z, O). The matcher
 * only picks such a skeleton when the request has that field, so without them every request that has
 * none formats exactly as before (`vite-intl-data.test.ts` compares every combination of the
 * remaining fields), and the first formatter parses fewer than half as many.
 */
const FIELDS_NEVER_ASKED = /[BGvVzZO]/;

interface CalendarData {
  intervalFormats?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface DateTimeFormatLocaleData {
  locale: string;
  data: {
    formats: Record<string, Record<string, string>>;
    intervalFormats: Record<string, unknown>;
    calendarData?: Record<string, CalendarData>;
    [field: string]: unknown;
  };
}

const isSkeleton = (key: string) => /^[A-Za-z]+$/.test(key);
const neverAsked = (key: string) => isSkeleton(key) && FIELDS_NEVER_ASKED.test(key);

/**
 * A calendar's formats are keyed by a skeleton ("yMMMd"), a date or time style's pattern ("d MMM y",
 * which `dateStyle` and `timeStyle` find their format by) or a date and a time joined by the
 * language's glue ("yMMMd, hm", "d MMM y hm"). A skeleton of a field never asked goes, and so does
 * every combination with one; patterns and anything not recognised stay. The interval formats are
 * keyed the same way.
 */
function keptSkeletons<T>(
  formats: Record<string, T>,
  data: DateTimeFormatLocaleData['data'],
): Record<string, T> {
  const styles = new Set([
    ...Object.values((data.dateFormat ?? {}) as Record<string, string>),
    ...Object.values((data.timeFormat ?? {}) as Record<string, string>),
  ]);
  const glues = new Set(
    Object.values((data.dateTimeFormat ?? {}) as Record<string, string>).map((pattern) =>
      pattern.replace('{1}', '').replace('{0}', ''),
    ),
  );
  const isPart = (key: string) => isSkeleton(key) || styles.has(key);
  const kept = (key: string): boolean => {
    // Not a skeleton: the pattern between two dates' parts when no interval format fits.
    if (key === 'intervalFormatFallback') return true;
    if (isPart(key)) return !neverAsked(key);
    for (const glue of glues) {
      if (!glue) continue;
      for (let at = key.indexOf(glue); at > 0; at = key.indexOf(glue, at + 1)) {
        const date = key.slice(0, at);
        const time = key.slice(at + glue.length);
        if (isPart(date) && isPart(time)) return !neverAsked(date) && !neverAsked(time);
      }
    }
    return true;
  };
  return Object.fromEntries(Object.entries(formats).filter(([key]) => kept(key)));
}

/** The language's data without the skeletons (and their interval formats) of fields never asked for. */
export function trimDateTimeFormatData(entry: DateTimeFormatLocaleData): DateTimeFormatLocaleData {
  const { formats, intervalFormats, calendarData } = entry.data;
  return {
    ...entry,
    data: {
      ...entry.data,
      formats: Object.fromEntries(
        Object.entries(formats).map(([calendar, byKey]) => [calendar, keptSkeletons(byKey, entry.data)]),
      ),
      intervalFormats: keptSkeletons(intervalFormats, entry.data),
      ...(calendarData && {
        calendarData: Object.fromEntries(
          Object.entries(calendarData).map(([calendar, data]) => [
            calendar,
            data.intervalFormats
              ? { ...data, intervalFormats: keptSkeletons(data.intervalFormats, entry.data) }
              : data,
          ]),
        ),
      }),
    },
  };
}

/**
 * Every combination of the fields the app may ask a date for (none of era, day period, zone name),
 * the date and time styles (a long or full time carries the zone's name, which the app never
 * shows) and the app's 24-hour clock (workbench/format-times.ts).
 */
export function dateRequests(): Intl.DateTimeFormatOptions[] {
  type Options = Intl.DateTimeFormatOptions;
  const choices: [keyof Options, unknown[]][] = [
    ['weekday', [undefined, 'short', 'long']],
    ['year', [undefined, 'numeric']],
    ['month', [undefined, 'numeric', '2-digit', 'short', 'long']],
    ['day', [undefined, 'numeric']],
    ['hour', [undefined, 'numeric', '2-digit']],
    ['minute', [undefined, '2-digit']],
    ['second', [undefined, '2-digit']],
  ];
  let all: Options[] = [{}];
  for (const [field, values] of choices)
    all = all.flatMap((options) =>
      values.map((value) => (value === undefined ? options : { ...options, [field]: value })),
    );
  for (const dateStyle of [undefined, 'short', 'medium', 'long', 'full'] as const)
    for (const timeStyle of [undefined, 'short', 'medium'] as const)
      if (dateStyle || timeStyle) all.push({ dateStyle, timeStyle });
  all.push({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return all;
}

/** A private-use tag per language the choice is measured under (the polyfill keeps data per tag). */
let measured = 0;

/**
 * Decision 096: of the formats left, the ones the polyfill's matcher picks for some request of
 * `dateRequests()`. The matcher scores a format by its key alone and keeps the first of the best, so
 * a format it never picks can go without changing any pick. Which one it picks is read from the
 * polyfill itself: each gregorian format's pattern becomes a marker, and every request is
 * formatted. Undefined (trim no further) when a request shows no marker: a library that matches
 * otherwise than this assumes.
 */
function formatsPicked(entry: DateTimeFormatLocaleData): Set<string> | undefined {
  const gregory = entry.data.formats.gregory;
  if (!gregory) return undefined;
  const keys = Object.keys(gregory);
  const locale = `${entry.locale}-x-pick${++measured}`;
  const marked = {
    ...entry,
    locale,
    data: {
      ...entry.data,
      formats: {
        ...entry.data.formats,
        gregory: Object.fromEntries(keys.map((key, index) => [key, `'@${index}@'`])),
      },
    },
  };
  DateTimeFormat.__addLocaleData(marked as unknown as Parameters<typeof DateTimeFormat.__addLocaleData>[0]);
  const picked = new Set<string>();
  for (const request of dateRequests()) {
    const shown = new DateTimeFormat(locale, { ...request, timeZone: 'UTC' }).format(0);
    const markers = [...shown.matchAll(/@(\d+)@/g)];
    // The styles take their own patterns (dateFormat, timeFormat), not a format's.
    if (markers.length === 0 && !request.dateStyle && !request.timeStyle) return undefined;
    for (const [, index] of markers) picked.add(keys[Number(index)] as string);
  }
  return picked;
}

/** The data with only the gregorian formats (and their interval formats) the matcher picks. */
export function keepPickedFormats(entry: DateTimeFormatLocaleData): DateTimeFormatLocaleData {
  const picked = formatsPicked(entry);
  const gregory = entry.data.formats.gregory;
  if (!picked || !gregory) return entry;
  const only = <T>(byKey: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(byKey).filter(([key]) => key === 'intervalFormatFallback' || picked.has(key)),
    );
  return {
    ...entry,
    data: {
      ...entry.data,
      formats: { ...entry.data.formats, gregory: only(gregory) },
      intervalFormats: only(entry.data.intervalFormats),
    },
  };
}

/** Where a locale-data file keeps its data: `JSON.parse("…")`, a JSON string of the JSON. */
const EMBEDDED_DATA = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/;

/** A `@formatjs/intl-datetimeformat/locale-data/*.js` file with its data trimmed, or null if its shape is unknown. */
export function trimDateTimeFormatLocaleFile(code: string): string | null {
  const literal = EMBEDDED_DATA.exec(code)?.[1];
  if (!literal) return null;
  const entry = JSON.parse(JSON.parse(literal) as string) as DateTimeFormatLocaleData;
  if (!entry?.data?.formats || !entry.data.intervalFormats) return null;
  const trimmed = JSON.stringify(JSON.stringify(keepPickedFormats(trimDateTimeFormatData(entry))));
  return code.replace(EMBEDDED_DATA, () => `JSON.parse(${trimmed})`);
}

const DATE_LOCALE_DATA = /[\\/]@formatjs[\\/]intl-datetimeformat[\\/]locale-data[\\/][^\\/]+\.js$/;

/** Trims each date locale-data file the app loads (decision 095). */
export function dateTimeFormatDataTrimmed(): Plugin {
  return {
    name: 'sabai:datetimeformat-data-trimmed',
    transform(code, id) {
      if (!DATE_LOCALE_DATA.test(id)) return null;
      const trimmed = trimDateTimeFormatLocaleFile(code);
      // A new shape of the library's files: shipped whole (slower to start, never wrong).
      if (trimmed === null) this.warn(`${id}: unknown locale-data shape, not trimmed`);
      return trimmed === null ? null : { code: trimmed, map: null };
    },
  };
}
