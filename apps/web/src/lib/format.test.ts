import { describe, expect, it } from 'vitest';
import {
  convertMoney,
  formatDistanceKm,
  formatMinutes,
  formatMoneyValue,
  formatPrice,
  formatRating,
  hasIntlData,
  languageName,
} from './format';
import { formatLocalDate, formatUpcoming, weekdayName } from './format-dates';

const RATES = [
  { currency: 'USD', perUsd: 1, minorDigits: 2 },
  { currency: 'KHR', perUsd: 4100, minorDigits: 0 },
  { currency: 'THB', perUsd: 36, minorDigits: 2 },
  { currency: 'VND', perUsd: 25_400, minorDigits: 0 },
];

describe('convertMoney', () => {
  it('converts minor units through the US dollar', () => {
    expect(convertMoney({ amount: 1200, currency: 'USD' }, 'KHR', RATES)).toEqual({
      amount: 49_200,
      currency: 'KHR',
    });
    expect(convertMoney({ amount: 1200, currency: 'USD' }, 'THB', RATES)).toEqual({
      amount: 43_200,
      currency: 'THB',
    });
    expect(convertMoney({ amount: 41_000, currency: 'KHR' }, 'USD', RATES)).toEqual({
      amount: 1000,
      currency: 'USD',
    });
  });

  it('keeps the amount when the currency is already the one asked for', () => {
    const money = { amount: 999, currency: 'USD' };
    expect(convertMoney(money, 'USD', undefined)).toBe(money);
  });

  it('gives up (undefined) without a rate for either side', () => {
    expect(convertMoney({ amount: 100, currency: 'USD' }, 'CNY', RATES)).toBeUndefined();
    expect(convertMoney({ amount: 100, currency: 'USD' }, 'KHR', undefined)).toBeUndefined();
  });
});

describe('formatPrice and formatMoneyValue', () => {
  it('formats in the chosen currency with its usual decimals', () => {
    expect(formatPrice({ amount: 1200, currency: 'USD' }, 'USD', RATES, 'en-US')).toBe('$12.00');
    expect(formatPrice({ amount: 1200, currency: 'USD' }, 'KHR', RATES, 'en-US')).toMatch(/^KHR\s?49,200$/);
    expect(formatPrice({ amount: 1200, currency: 'USD' }, 'VND', RATES, 'vi-VN')).toMatch(/^304\.800\s?₫$/);
  });

  it('falls back to the quoted currency when no rate converts it', () => {
    expect(formatPrice({ amount: 1200, currency: 'USD' }, 'CNY', RATES, 'en-US')).toBe('$12.00');
  });

  it('formats a currency outside the settings list too', () => {
    expect(formatMoneyValue({ amount: 500, currency: 'EUR' }, 'en-US')).toBe('€5.00');
  });
});

describe('distances, durations, ratings, names', () => {
  it('shows kilometres or miles from the server kilometres', () => {
    expect(formatDistanceKm(1.97, 'km', 'en-US')).toBe('2 km');
    expect(formatDistanceKm(0.49, 'km', 'en-US')).toBe('0.5 km');
    expect(formatDistanceKm(16.09344, 'mi', 'en-US')).toBe('10 mi');
    expect(formatDistanceKm(12.5, 'km', 'en-US')).toBe('13 km');
  });

  it('formats minutes and ratings with Intl', () => {
    expect(formatMinutes(60, 'en-US')).toBe('60 min');
    expect(formatRating(4, 'en-US')).toBe('4.0');
    expect(formatRating(4.25, 'th-TH')).toBe('4.3');
  });

  it('names weekdays from Sunday = 0 and spoken languages in the interface language', () => {
    expect(weekdayName(0, 'en-US')).toBe('Sunday');
    expect(weekdayName(1, 'en-US')).toBe('Monday');
    expect(languageName('km', 'en-US')).toBe('Khmer');
    expect(languageName('zh', 'en-US')).toBe('Chinese');
  });
});

describe('formatUpcoming', () => {
  const now = new Date('2026-11-22T02:00:00Z'); // Sunday 09:00 in Phnom Penh
  it('shows the time alone today, weekday and time this week, else the date', () => {
    expect(formatUpcoming('2026-11-22T07:11:00Z', 'en-US', 'Asia/Phnom_Penh', now)).toBe('2:11 PM');
    expect(formatUpcoming('2026-11-23T07:11:00Z', 'en-US', 'Asia/Phnom_Penh', now)).toBe('Mon 2:11 PM');
    expect(formatUpcoming('2026-12-05T07:11:00Z', 'en-US', 'Asia/Phnom_Penh', now)).toBe('Dec 5, 2:11 PM');
  });

  it('uses the city clock, not the browser one', () => {
    // 18:30 UTC on the 22nd is already the 23rd (01:30) in Phnom Penh.
    expect(formatUpcoming('2026-11-22T18:30:00Z', 'en-US', 'Asia/Phnom_Penh', now)).toBe('Mon 1:30 AM');
  });
});

describe('a language the browser has no Intl data for', () => {
  it('is detected, and dates fall back to numbers', () => {
    expect(hasIntlData('en-US')).toBe(true);
    expect(hasIntlData('xx-XX')).toBe(false);
    expect(formatLocalDate('2026-06-01', 'xx-XX')).toBe('01/06/2026');
    const now = new Date('2026-11-22T02:00:00Z');
    expect(formatUpcoming('2026-11-22T07:11:00Z', 'xx-XX', 'Asia/Phnom_Penh', now)).toBe('14:11');
    expect(formatUpcoming('2026-11-23T07:11:00Z', 'xx-XX', 'Asia/Phnom_Penh', now)).toBe('23/11, 14:11');
  });
});
