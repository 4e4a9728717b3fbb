import { looksLikeCardNumber, passesLuhn } from '@sabai/shared/payments/withdrawals.schemas';
import { describe, expect, it } from 'vitest';
import { periodDates } from './income.service';

describe('income periods (local dates)', () => {
  it('steps back by days, Monday-start weeks and calendar months, across a year end', () => {
    expect(periodDates('2026-11-24', 'day', 0)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(periodDates('2026-11-24', 'day', 24)).toEqual({ from: '2026-10-31', to: '2026-10-31' });
    // 24 November 2026 is a Tuesday; a Sunday belongs to the week that started the Monday before.
    expect(periodDates('2026-11-24', 'week', 0)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodDates('2026-11-29', 'week', 0)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodDates('2026-11-24', 'week', 1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodDates('2026-01-15', 'month', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodDates('2028-03-10', 'month', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('card numbers typed as account numbers', () => {
  it('are recognised by scheme prefix, length and Luhn; bank account numbers are not', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(looksLikeCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(looksLikeCardNumber('5555-5555-5555-4444')).toBe(true);
    expect(looksLikeCardNumber('378282246310005')).toBe(true);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false);
    expect(looksLikeCardNumber('001234567')).toBe(false);
    // Luhn valid, right length, but no card scheme starts with 9.
    expect(passesLuhn('9000000000000001')).toBe(true);
    expect(looksLikeCardNumber('9000000000000001')).toBe(false);
  });
});
