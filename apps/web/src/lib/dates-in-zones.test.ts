import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLocalDate, utcOffsetLabel, VIEWER_ZONE } from './format-dates';

/**
 * Every date a user sees is on a named clock (decision 108, issue #31): the city's for what belongs
 * to a city, else the viewer's; never UTC by accident. The formatters take the zone as a required
 * argument (the type checker holds the call sites); this test holds the rest of the code to them.
 */
const sources = import.meta.glob<string>(
  ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

/**
 * Where a date formatter may be built, and why. Everything else formats through format-dates.ts
 * (the `useFormatting` hook's `date`, `dateTime`, `upcoming`, `localDate`).
 */
const MAY_BUILD_DATE_FORMATTERS: Record<string, string> = {
  'lib/format-dates.ts': 'the formatters themselves',
  'lib/format.ts': 'asks which locales the browser has data for; formats no date',
  'lib/intl-formatters.ts': 'the cache every formatter is built through',
  'lib/intl-polyfill.ts': 'bridges the FormatJS polyfill; formats no date',
  'features/workbench/format-times.ts': "every function takes the provider's city zone",
};
/** Chat message times are on the reader's clock; chat is being split (decision 103): move it to format-dates after. */
const VIEWER_CLOCK_FOLDERS = ['features/chat/'];

const DATE_FORMATTER = /Intl\.DateTimeFormat\b(?!\.supportedLocalesOf)/;
const TO_LOCALE = /\.toLocale(?:Date|Time)?String\(/;
const UTC_ZONE = /timeZone:\s*['"](?:UTC|Etc\/UTC|GMT)['"]/;
const CALENDAR_MARK = '// a calendar date';

/** 'lib/format.ts', 'features/chat/…': the glob's keys ('./x', '../features/…') from src. */
const fromSrc = (key: string) => key.replace(/^\.\//, 'lib/').replace(/^\.\.\//, '');

const lines = () =>
  Object.entries(sources).flatMap(([key, source]) =>
    source.split('\n').map((text, index) => ({ file: fromSrc(key), line: index + 1, text })),
  );

describe('dates on a named clock (decision 108)', () => {
  it('formats dates only through format-dates.ts', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const found = lines()
      .filter(({ text }) => DATE_FORMATTER.test(text))
      .filter(({ file }) => !(file in MAY_BUILD_DATE_FORMATTERS))
      .filter(({ file }) => !VIEWER_CLOCK_FOLDERS.some((folder) => file.startsWith(folder)))
      .map(({ file, line, text }) => `${file}:${line} ${text.trim()}`);
    expect(found).toEqual([]);
  });

  it("never uses toLocaleString and its kin (the phone's clock, and English where Intl lacks the language)", () => {
    const found = lines()
      .filter(({ text }) => TO_LOCALE.test(text))
      .map(({ file, line, text }) => `${file}:${line} ${text.trim()}`);
    expect(found).toEqual([]);
  });

  it('puts a date on UTC only where it is a calendar date, and says so', () => {
    const found = lines()
      .filter(({ text }) => UTC_ZONE.test(text) && !text.includes(CALENDAR_MARK))
      .map(({ file, line, text }) => `${file}:${line} ${text.trim()}`);
    expect(found).toEqual([]);
  });

  it('asks the phone for its zone in one place', () => {
    const found = lines()
      .filter(
        ({ file, text }) => text.includes('resolvedOptions().timeZone') && file !== 'lib/format-dates.ts',
      )
      .map(({ file, line }) => `${file}:${line}`);
    expect(found).toEqual([]);
  });

  it('the rules find what they are looking for', () => {
    expect(DATE_FORMATTER.test('new Intl.DateTimeFormat(locale, {})')).toBe(true);
    expect(DATE_FORMATTER.test('intlFormatter(Intl.DateTimeFormat, locale, o)')).toBe(true);
    expect(DATE_FORMATTER.test('Intl.DateTimeFormat.supportedLocalesOf([x])')).toBe(false);
    expect(DATE_FORMATTER.test('const o: Intl.DateTimeFormatOptions = {}')).toBe(false);
    expect(TO_LOCALE.test('date.toLocaleDateString()')).toBe(true);
    expect(UTC_ZONE.test("{ dateStyle: 'medium', timeZone: 'UTC' }")).toBe(true);
  });
});

describe('the date formatters', () => {
  // 23:30 UTC on 1 December: already 2 December, 06:30, in Phnom Penh (UTC+7).
  const lateEvening = '2026-12-01T23:30:00.000Z';

  it("date a moment on the city's clock, not Greenwich's (issue #31's refund)", () => {
    expect(formatDate(lateEvening, 'en-US', 'Asia/Phnom_Penh')).toBe('Dec 2, 2026');
    expect(formatDateTime(lateEvening, 'en-US', 'Asia/Phnom_Penh')).toBe('Dec 2, 2026, 6:30 AM');
    expect(formatDate(lateEvening, 'en-US', 'America/New_York')).toBe('Dec 1, 2026');
    expect(formatDate(lateEvening, 'xx-XX', 'Asia/Phnom_Penh')).toBe('02/12/2026');
  });

  it("date on the viewer's clock when asked, and survive a zone the browser does not know", () => {
    const viewers = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(lateEvening));
    expect(formatDate(lateEvening, 'en-US', VIEWER_ZONE)).toBe(viewers);
    expect(formatDate(lateEvening, 'en-US', 'Not/A_Zone')).toBe(viewers);
  });

  it('write a calendar date as the same day on every clock', () => {
    expect(formatLocalDate('2026-12-02', 'en-US')).toBe('Dec 2, 2026');
    expect(formatLocalDate('2026-12-02', 'xx-XX')).toBe('02/12/2026');
    expect(formatLocalDate('not a date', 'en-US')).toBe('not a date');
  });

  it('name a zone by its offset as people write it', () => {
    const at = Date.parse(lateEvening);
    expect(utcOffsetLabel('Asia/Phnom_Penh', at)).toBe('UTC+7');
    expect(utcOffsetLabel('Asia/Kolkata', at)).toBe('UTC+5:30');
    expect(utcOffsetLabel('America/Sao_Paulo', at)).toBe('UTC-3');
    expect(utcOffsetLabel('UTC', at)).toBe('UTC');
    expect(utcOffsetLabel('Not/A_Zone', at)).toBeUndefined();
  });
});
