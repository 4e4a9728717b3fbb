import { describe, expect, it } from 'vitest';
import { codeProblem, firstProblem, passwordProblem, phoneProblem, safeRedirect } from './validation';

describe('identity form checks', () => {
  it('accepts Cambodian mobiles with 8 or 9 digits after the 0, with or without it', async () => {
    expect(await phoneProblem({ areaCode: '855', phone: '012 345 678' })).toBeNull();
    expect(await phoneProblem({ areaCode: '855', phone: '97 712 3456' })).toBeNull();
    expect(await phoneProblem({ areaCode: '86', phone: '138 0013 8000' })).toBeNull();
  });

  it('names the problem of a missing or wrong number', async () => {
    expect(await phoneProblem({ areaCode: '855', phone: ' ' })).toBe('phone.required');
    expect(await phoneProblem({ areaCode: '855', phone: '023 123 456' })).toBe('phone.invalid');
  });

  it('wants a password longer than six characters and a 6-digit code', () => {
    expect(passwordProblem('')).toBe('password.required');
    expect(passwordProblem('abcdef')).toBe('password.tooShort');
    expect(passwordProblem('abcdefg')).toBeNull();
    expect(passwordProblem('       ')).toBe('password.blank');
    expect(passwordProblem('🌺🌴🐘🥥')).toBe('password.tooShort');
    expect(passwordProblem('ab'.repeat(65))).toBe('password.tooLong');
    expect(passwordProblem('zzzzzzzz')).toBe('password.repetitive');
    expect(codeProblem('12345')).toBe('code.invalid');
    expect(codeProblem('123456')).toBeNull();
  });

  it('answers the first problem, in order', async () => {
    expect(await firstProblem(null, Promise.resolve('b'), 'c')).toBe('b');
    expect(await firstProblem(null, Promise.resolve(null))).toBeNull();
  });

  it('only redirects inside the app', () => {
    expect(safeRedirect('/my')).toBe('/my');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('token renewal', () => {
  it('renews a session in its last week, not a fresh or an expired one', async () => {
    const { shouldRenewToken, RENEW_WITHIN_MS } = await import('./session');
    const now = 1_000_000_000_000;
    expect(shouldRenewToken(now + 30 * 24 * 3600_000, now)).toBe(false);
    expect(shouldRenewToken(now + RENEW_WITHIN_MS - 1, now)).toBe(true);
    expect(shouldRenewToken(now - 1, now)).toBe(false);
    expect(shouldRenewToken(undefined, now)).toBe(false);
  });
});
