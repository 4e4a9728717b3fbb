import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { describe, expect, it } from 'vitest';
import { type DateTimeFormatLocaleData, trimDateTimeFormatLocaleFile } from './vite-intl-data';

const require = createRequire(import.meta.url);
/** The date polyfill's data files the app loads (src/lib/intl-polyfill.ts). */
const FILES = ['km', 'th', 'vi', 'zh', 'zh-Hant'];

/** What a locale-data file hands the polyfill when it runs. */
function dataOf(code: string): DateTimeFormatLocaleData {
  const added: DateTimeFormatLocaleData[] = [];
  const addLocaleData = (data: DateTimeFormatLocaleData) => added.push(data);
  runInNewContext(code, {
    Intl: { DateTimeFormat: { __addLocaleData: addLocaleData } },
    JSON,
    globalThis: {},
  });
  const [data] = added;
  if (!data) throw new Error('the file added no data');
  return data;
}

type Options = Intl.DateTimeFormatOptions;
/** Every combination of the fields the app may ask a date for (none of era, day period, zone name). */
function requests(): Options[] {
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
  // The styles; a long or full time carries the zone's name, which the app never shows.
  for (const dateStyle of [undefined, 'short', 'medium', 'long', 'full'] as const)
    for (const timeStyle of [undefined, 'short', 'medium'] as const)
      if (dateStyle || timeStyle) all.push({ dateStyle, timeStyle });
  // The app's 24-hour clock (workbench/format-times.ts).
  all.push({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return all;
}

describe('the date locale data the build ships (decision 095)', () => {
  for (const file of FILES) {
    it(`${file}: without era, day-period and zone-name skeletons, every other request formats as with the whole data`, () => {
      const code = readFileSync(
        require.resolve(`@formatjs/intl-datetimeformat/locale-data/${file}.js`),
        'utf8',
      );
      const trimmedCode = trimDateTimeFormatLocaleFile(code);
      expect(trimmedCode).not.toBeNull();
      const whole = dataOf(code);
      const trimmed = dataOf(trimmedCode as string);
      const count = (data: DateTimeFormatLocaleData) => Object.keys(data.data.formats.gregory ?? {}).length;
      // Most skeletons go (a third or so stay), so the first formatter parses a third as many.
      expect(count(trimmed)).toBeLessThan(count(whole) / 2);
      expect(count(trimmed)).toBeGreaterThan(30);
      expect(Object.keys(trimmed.data.intervalFormats).length).toBeLessThan(
        Object.keys(whole.data.intervalFormats).length / 2,
      );
      expect(trimmed.data.intervalFormats.intervalFormatFallback).toBe(
        whole.data.intervalFormats.intervalFormatFallback,
      );

      // The same language twice: whole under its own tag, trimmed under a private-use one.
      const trimmedTag = `${whole.locale}-x-trim`;
      // The data as the library types it (our type names only the fields the trimming reads).
      const raw = (data: DateTimeFormatLocaleData) =>
        data as unknown as Parameters<typeof DateTimeFormat.__addLocaleData>[0];
      DateTimeFormat.__addLocaleData(raw(whole), raw({ ...trimmed, locale: trimmedTag }));
      const moments = [new Date(Date.UTC(2026, 10, 28, 14, 5, 9)), new Date(Date.UTC(2027, 0, 3, 1, 30, 0))];
      let compared = 0;
      for (const options of requests())
        for (const timeZone of ['UTC', '+07:00']) {
          const expected = new DateTimeFormat(whole.locale, { ...options, timeZone });
          const actual = new DateTimeFormat(trimmedTag, { ...options, timeZone });
          expect(actual.resolvedOptions().locale).toBe(trimmedTag);
          for (const moment of moments) {
            expect(actual.format(moment), `${JSON.stringify(options)} ${timeZone}`).toBe(
              expected.format(moment),
            );
            compared += 1;
          }
        }
      expect(compared).toBeGreaterThan(2900);
    });
  }

  it('leaves a file of unknown shape alone', () => {
    expect(trimDateTimeFormatLocaleFile('Intl.DateTimeFormat.__addLocaleData({})')).toBeNull();
  });
});
