import { describe, expect, it } from 'vitest';
import {
  add,
  allocate,
  basisPointsOf,
  compare,
  formatMoney,
  MoneyError,
  money,
  parseMoney,
  subtract,
  sum,
  times,
  toDecimalString,
} from './money';

const usd = (amount: number) => money(amount, 'USD');
const khr = (amount: number) => money(amount, 'KHR');

describe('money', () => {
  it('refuses fractions of a minor unit and amounts past safe integers', () => {
    expect(() => usd(12.5)).toThrow(MoneyError);
    expect(() => usd(2 ** 53)).toThrow(MoneyError);
    expect(() => times(usd(10), 1.5)).toThrow(MoneyError);
  });

  it('never mixes currencies', () => {
    expect(() => add(usd(100), khr(4000))).toThrow(/currencies differ/);
    expect(() => compare(usd(1), khr(1))).toThrow(MoneyError);
    expect(add(usd(1999), usd(1))).toEqual(usd(2000));
    expect(subtract(khr(40_000), khr(50_000))).toEqual(khr(-10_000));
    expect(sum('USD', [usd(1), usd(2), usd(3)])).toEqual(usd(6));
    expect(compare(usd(5), usd(7))).toBe(-1);
  });

  it('takes shares in basis points, rounding half away from zero', () => {
    expect(basisPointsOf(usd(1999), 1000)).toEqual(usd(200)); // 199.9 → 200
    expect(basisPointsOf(usd(1005), 1000)).toEqual(usd(101)); // 100.5 → 101
    expect(basisPointsOf(usd(1004), 1000)).toEqual(usd(100));
    expect(basisPointsOf(usd(-1005), 1000)).toEqual(usd(-101));
    expect(basisPointsOf(khr(45_000), 700)).toEqual(khr(3150));
  });

  it('allocates without losing or inventing a unit', () => {
    const parts = allocate(usd(1000), [1, 1, 1]);
    expect(parts.map((part) => part.amount)).toEqual([334, 333, 333]);
    expect(allocate(usd(-1000), [1, 1, 1]).map((part) => part.amount)).toEqual([-334, -333, -333]);
    expect(allocate(khr(10_001), [70, 30]).map((part) => part.amount)).toEqual([7001, 3000]);
    for (let amount = 0; amount < 500; amount += 7) {
      const split = allocate(usd(amount), [3, 5, 11, 0]);
      expect(split.reduce((total, part) => total + part.amount, 0)).toBe(amount);
      expect(split[3]?.amount).toBe(0);
    }
    expect(() => allocate(usd(1), [0, 0])).toThrow(MoneyError);
  });

  it('reads and writes decimal amounts by the currency minor unit', () => {
    expect(parseMoney('12.5', 'USD')).toEqual(usd(1250));
    expect(parseMoney(' 12.05 ', 'USD')).toEqual(usd(1205));
    expect(parseMoney('40000', 'KHR')).toEqual(khr(40_000));
    expect(() => parseMoney('1.005', 'USD')).toThrow(/2 decimal places/);
    expect(() => parseMoney('100.5', 'KHR')).toThrow(MoneyError);
    expect(() => parseMoney('1e3', 'USD')).toThrow(MoneyError);
    expect(toDecimalString(usd(1205))).toBe('12.05');
    expect(toDecimalString(usd(-7))).toBe('-0.07');
    expect(toDecimalString(money(250_000, 'VND'))).toBe('250000');
  });

  it('formats through Intl with the currency digits', () => {
    expect(formatMoney(usd(1250), 'en-US')).toBe('$12.50');
    expect(formatMoney(khr(40_000), 'en-US')).toMatch(/40,000/);
    expect(formatMoney(money(250_000, 'VND'), 'vi-VN')).toMatch(/250\.000/);
  });
});
