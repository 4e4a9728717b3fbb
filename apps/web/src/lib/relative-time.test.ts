import { describe, expect, it } from 'vitest';
import { currencyName } from './format';
import { formatRelativeTime } from './format-dates';

const NOW = new Date('2026-11-24T10:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const relative = (seconds: number, locale = 'en') => formatRelativeTime(ago(seconds), locale, NOW);

describe('relative times (spec section 9)', () => {
  it('says "now" under five minutes', () => {
    expect(relative(0)).toBe('now');
    expect(relative(4 * 60 + 59)).toBe('now');
  });

  it('counts minutes from five minutes, hours from one hour, days from one day', () => {
    expect(relative(5 * 60)).toBe('5 minutes ago');
    expect(relative(59 * 60 + 59)).toBe('59 minutes ago');
    expect(relative(3600)).toBe('1 hour ago');
    expect(relative(23 * 3600 + 3599)).toBe('23 hours ago');
    expect(relative(86_400)).toBe('yesterday');
    expect(relative(26 * 86_400)).toBe('26 days ago');
    expect(relative(29 * 86_400 + 86_399)).toBe('29 days ago');
  });

  it('gives the date from thirty days on', () => {
    expect(relative(30 * 86_400)).toBe('Oct 25, 2026');
    expect(relative(400 * 86_400)).toBe('Oct 20, 2025');
  });

  it('never shows a minus sign or a future tense, even for a moment ahead of the clock', () => {
    expect(relative(-60)).toBe('now');
    expect(relative(-3 * 86_400)).toBe('Nov 27, 2026');
    for (const locale of ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW']) {
      for (const seconds of [-86_400, -60, 0, 400, 7200, 2 * 86_400, 26 * 86_400, 90 * 86_400]) {
        const text = relative(seconds, locale);
        expect(text, `${locale} ${seconds}s`).not.toMatch(/^-|\s-\d|−/);
        expect(text, `${locale} ${seconds}s`).not.toMatch(/\bin \d/);
      }
    }
  });

  it('reads natively in Khmer and Thai', () => {
    expect(relative(26 * 86_400, 'km')).toBe('26 ថ្ងៃ​មុន');
    expect(relative(7200, 'th')).toBe('2 ชั่วโมงที่ผ่านมา');
  });
});

describe('currency names', () => {
  it('are the language’s own words, not codes', () => {
    expect(currencyName('USD', 'km')).toBe('ដុល្លារ​អាមេរិក');
    expect(currencyName('KHR', 'th')).not.toBe('KHR');
    expect(currencyName('USD', 'en')).toBe('US Dollar');
  });
});
