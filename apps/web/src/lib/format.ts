import type { Currency, DistanceUnit } from '@sabai/shared/settings';
import { intlFormatter } from './intl-formatters';

/** Numbers, money and distances go through Intl, in the interface language (dates: format-dates.ts). */
const METRES_PER_MILE = 1609.344;

const intlDataAnswers = new WeakMap<Intl.DateTimeFormat, boolean>();

/**
 * Whether this browser has Intl data for the locale. Some Chromium builds ship no Khmer data and
 * silently format in en-US; callers then use numeric dates and translated names instead.
 */
export function hasIntlData(locale: string): boolean {
  try {
    const formatter = intlFormatter(Intl.DateTimeFormat, locale, {});
    // Asked for every date of a list: the answer is kept beside its formatter (resolvedOptions
    // builds a new object each time, the polyfill's a costly one; decision 090).
    let answer = intlDataAnswers.get(formatter);
    if (answer === undefined) {
      answer = formatter.resolvedOptions().locale.split('-')[0] === locale.split('-')[0];
      intlDataAnswers.set(formatter, answer);
    }
    return answer;
  } catch {
    return false;
  }
}

// Currencies without minor units in practice (KHR and VND are quoted in whole units).
const MINOR_DIGITS: Record<Currency, number> = { USD: 2, KHR: 0, THB: 2, VND: 0, CNY: 2 };

export function formatMoney(amountMinor: number, currency: Currency, locale: string): string {
  const digits = MINOR_DIGITS[currency];
  return intlFormatter(Intl.NumberFormat, locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}

export function formatDistance(metres: number, unit: DistanceUnit, locale: string): string {
  const value = unit === 'km' ? metres / 1000 : metres / METRES_PER_MILE;
  return intlFormatter(Intl.NumberFormat, locale, {
    style: 'unit',
    unit: unit === 'km' ? 'kilometer' : 'mile',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

export function currencyName(currency: Currency, locale: string): string {
  try {
    return intlFormatter(Intl.DisplayNames, [locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** An amount in minor units with its ISO currency, as the server sends prices. */
export interface MoneyValue {
  amount: number;
  currency: string;
}

/** One row of the server's display rates (`GET /app/currency/rates`): units per US dollar. */
export interface RateRow {
  currency: string;
  perUsd: number;
  minorDigits: number;
}

function minorDigitsOf(currency: string, rates: readonly RateRow[] | undefined): number {
  const fromRates = rates?.find((rate) => rate.currency === currency)?.minorDigits;
  if (fromRates !== undefined) return fromRates;
  return MINOR_DIGITS[currency as Currency] ?? 2;
}

/**
 * Converts an amount for display with the server's rates. Undefined when either currency has no
 * rate: the caller then shows the original amount rather than a made-up one.
 */
export function convertMoney(
  money: MoneyValue,
  to: string,
  rates: readonly RateRow[] | undefined,
): MoneyValue | undefined {
  if (money.currency === to) return money;
  const from = rates?.find((rate) => rate.currency === money.currency);
  const target = rates?.find((rate) => rate.currency === to);
  if (!from || !target || from.perUsd <= 0 || target.perUsd <= 0) return undefined;
  const major = money.amount / 10 ** from.minorDigits;
  const converted = (major / from.perUsd) * target.perUsd;
  return { amount: Math.round(converted * 10 ** target.minorDigits), currency: to };
}

/** Formats any ISO currency amount (minor units), with its usual number of decimals. */
export function formatMoneyValue(money: MoneyValue, locale: string, rates?: readonly RateRow[]): string {
  const digits = minorDigitsOf(money.currency, rates);
  try {
    return intlFormatter(Intl.NumberFormat, locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(money.amount / 10 ** digits);
  } catch {
    return `${(money.amount / 10 ** digits).toFixed(digits)} ${money.currency}`;
  }
}

/** A price in the user's chosen currency when a rate exists, else in the currency it is quoted in. */
export function formatPrice(
  money: MoneyValue,
  displayCurrency: string,
  rates: readonly RateRow[] | undefined,
  locale: string,
): string {
  return formatMoneyValue(convertMoney(money, displayCurrency, rates) ?? money, locale, rates);
}

/** The server measures in kilometres; the user reads km or miles. */
export function formatDistanceKm(km: number, unit: DistanceUnit, locale: string): string {
  return formatDistance(km * 1000, unit, locale);
}

export function formatMinutes(minutes: number, locale: string): string {
  return intlFormatter(Intl.NumberFormat, locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
  }).format(minutes);
}

export function formatRating(rating: number, locale: string): string {
  return intlFormatter(Intl.NumberFormat, locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating);
}

export function formatCount(count: number, locale: string): string {
  return intlFormatter(Intl.NumberFormat, locale, { notation: 'compact', maximumFractionDigits: 1 }).format(
    count,
  );
}

/** A spoken language's name in the interface language ("km" → "Khmer", "ខ្មែរ", "高棉语"). */
export function languageName(code: string, locale: string): string {
  try {
    return intlFormatter(Intl.DisplayNames, [locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
