import { z } from 'zod';
import { shareInBasisPoints } from './basis-points';
import { CURRENCIES, type Currency } from './settings';

/**
 * Money as integer minor units with its currency: never a float, never a bare number whose
 * currency is guessed. USD, THB and CNY have cents; KHR and VND are counted in whole units
 * (ISO 4217 gives VND none and riel coins are not used). Amounts stay within safe integers.
 */
export const MINOR_UNIT_DIGITS: Readonly<Record<Currency, number>> = {
  USD: 2,
  THB: 2,
  CNY: 2,
  KHR: 0,
  VND: 0,
};

export interface Money {
  readonly amount: number;
  readonly currency: Currency;
}

export class MoneyError extends Error {}

export const moneyAmountSchema = z.number().int().refine(Number.isSafeInteger, 'amount out of range');
export const currencyCodeSchema = z.enum(CURRENCIES);
export const moneyValueSchema = z.object({ amount: moneyAmountSchema, currency: currencyCodeSchema });

export const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);

export function money(amount: number, currency: Currency): Money {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`not a whole number of minor units: ${amount}`);
  return { amount, currency };
}

export const zero = (currency: Currency): Money => money(0, currency);

function sameCurrency(a: Money, b: Money): Currency {
  if (a.currency !== b.currency) throw new MoneyError(`currencies differ: ${a.currency} and ${b.currency}`);
  return a.currency;
}

export const add = (a: Money, b: Money): Money => money(a.amount + b.amount, sameCurrency(a, b));
export const subtract = (a: Money, b: Money): Money => money(a.amount - b.amount, sameCurrency(a, b));
export const negate = (a: Money): Money => money(-a.amount, a.currency);
export const isNegative = (a: Money) => a.amount < 0;
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amount === b.amount ? 0 : a.amount < b.amount ? -1 : 1;
}

export function sum(currency: Currency, values: readonly Money[]): Money {
  return values.reduce(add, zero(currency));
}

/** Times a whole quantity (clocks of service, units of an item). */
export function times(a: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new MoneyError(`not a whole quantity: ${quantity}`);
  return money(a.amount * quantity, a.currency);
}

/**
 * A share in basis points (1 % = 100 bp), rounded half away from zero: commissions, VAT, discounts.
 * `basisPointsOf(money(1999, 'USD'), 1000)` is 200 (10 % of $19.99 is $2.00 after rounding).
 */
export function basisPointsOf(a: Money, basisPoints: number): Money {
  if (!Number.isSafeInteger(basisPoints)) throw new MoneyError(`not whole basis points: ${basisPoints}`);
  if (!Number.isSafeInteger(a.amount * basisPoints)) throw new MoneyError('amount too large for a share');
  return money(shareInBasisPoints(a.amount, basisPoints), a.currency);
}

/**
 * Splits an amount by whole-number weights so the parts add up to exactly the whole: the units
 * rounding leaves over go to the largest remainders, ties to the earlier part. Income shares,
 * refunds split across payments, a coupon spread over lines.
 */
export function allocate(a: Money, weights: readonly number[]): Money[] {
  if (!weights.length || weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new MoneyError('weights must be whole numbers ≥ 0');
  }
  const total = weights.reduce((sumOfWeights, weight) => sumOfWeights + weight, 0);
  if (total === 0) throw new MoneyError('weights add up to zero');
  const sign = a.amount < 0 ? -1 : 1;
  const whole = Math.abs(a.amount);
  const parts = weights.map((weight) => Math.floor((whole * weight) / total));
  const remainders = weights.map((weight, index) => ({ index, rest: (whole * weight) % total }));
  let left = whole - parts.reduce((partsSum, part) => partsSum + part, 0);
  for (const { index } of remainders.sort((x, y) => y.rest - x.rest || x.index - y.index)) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((part) => money(sign * part, a.currency));
}

/**
 * Reads a decimal amount as people type it ("12.5", "12.50", "40000") into minor units, refusing
 * more fractional digits than the currency has. No float is involved.
 */
export function parseMoney(text: string, currency: Currency): Money {
  const match = /^\s*(-)?(\d{1,15})(?:\.(\d+))?\s*$/.exec(text);
  if (!match) throw new MoneyError(`not an amount: ${text}`);
  const digits = MINOR_UNIT_DIGITS[currency];
  const fraction = match[3] ?? '';
  if (fraction.length > digits) throw new MoneyError(`${currency} has ${digits} decimal places`);
  const minor = Number(`${match[2]}${fraction.padEnd(digits, '0')}`);
  return money(match[1] ? -minor : minor, currency);
}

/** The amount as a plain decimal string ("12.50", "40000"), e.g. for an EMVCo QR payload. */
export function toDecimalString(a: Money): string {
  const digits = MINOR_UNIT_DIGITS[a.currency];
  const whole = Math.abs(a.amount);
  const text = digits
    ? `${Math.floor(whole / 10 ** digits)}.${String(whole % 10 ** digits).padStart(digits, '0')}`
    : String(whole);
  return a.amount < 0 ? `-${text}` : text;
}

/** Localised display through Intl ("$12.50", "KHR 40,000"): the division is for display only. */
export function formatMoney(a: Money, locale: string): string {
  const digits = MINOR_UNIT_DIGITS[a.currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: a.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(a.amount / 10 ** digits);
}
