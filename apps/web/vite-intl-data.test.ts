import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { describe, expect, it } from 'vitest';
import { type DateTimeFormatLocaleData, dateRequests, trimDateTimeFormatLocaleFile } from './vite-intl-data';

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

describe('the date locale data the build ships (decisions 095, 096)', () => {
  for (const file of FILES) {
    it(`${file}: with only the formats some request picks, every request formats as with the whole data`, () => {
      const code = readFileSync(
        require.resolve(`@formatjs/intl-datetimeformat/locale-data/${file}.js`),
        'utf8',
      );
      const trimmedCode = trimDateTimeFormatLocaleFile(code);
      expect(trimmedCode).not.toBeNull();
      const whole = dataOf(code);
      const trimmed = dataOf(trimmedCode as string);
      const count = (data: DateTimeFormatLocaleData) => Object.keys(data.data.formats.gregory ?? {}).length;
      // Those of fields never asked (095), then those no request picks (096): about a fifth stay,
      // so the first formatter parses a fifth as many.
      expect(count(trimmed)).toBeLessThan(count(whole) / 4);
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
      for (const options of dateRequests())
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
