import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  passwordLoginForm,
  registerForm,
  safeRedirect,
  smsLoginForm,
} from './validation';

/** The message keys a form would show, in the order zod reports them. */
async function problems(schema: { safeParseAsync: (value: unknown) => Promise<unknown> }, value: unknown) {
  const result = (await schema.safeParseAsync(value)) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

const sms = { areaCode: '855', phone: '012 345 678', code: '123456', agreed: true };

describe('identity form schemas', () => {
  it('accept Cambodian mobiles with 8 or 9 digits after the 0, with or without it, and Chinese ones', async () => {
    expect(await problems(smsLoginForm, sms)).toEqual([]);
    expect(await problems(smsLoginForm, { ...sms, phone: '97 712 3456' })).toEqual([]);
    expect(await problems(smsLoginForm, { ...sms, areaCode: '86', phone: '138 0013 8000' })).toEqual([]);
  });

  it('name the problem of a missing or wrong number', async () => {
    expect(await problems(smsLoginForm, { ...sms, phone: ' ' })).toEqual(['identity:phone.required']);
    expect(await problems(smsLoginForm, { ...sms, phone: '023 123 456' })).toEqual([
      'identity:phone.invalid',
    ]);
  });

  it('want a password longer than six characters and a 6-digit code', async () => {
    const account = { ...sms, password: 'abcdefg', invitationCode: '' };
    expect(await problems(registerForm, account)).toEqual([]);
    expect(await problems(registerForm, { ...account, password: '' })).toEqual([
      'identity:password.required',
    ]);
    expect(await problems(registerForm, { ...account, password: 'abcdef' })).toEqual([
      'identity:password.tooShort',
    ]);
    expect(await problems(registerForm, { ...account, code: '12345' })).toEqual(['identity:code.invalid']);
    expect(await problems(passwordLoginForm, { ...sms, password: '' })).toEqual([
      'identity:password.required',
    ]);
  });

  it('ask for the agreement', async () => {
    expect(await problems(smsLoginForm, { ...sms, agreed: false })).toEqual(['identity:agreement.required']);
  });

  it('ask for the current password only when there is one, and the new one twice', async () => {
    const change = { oldPassword: '', newPassword: 'abcdefg', repeat: 'abcdefg' };
    expect(await problems(changePasswordForm(true), change)).toEqual(['identity:password.currentRequired']);
    expect(await problems(changePasswordForm(false), change)).toEqual([]);
    expect(await problems(changePasswordForm(false), { ...change, repeat: 'abcdefh' })).toEqual([
      'identity:password.mismatch',
    ]);
  });

  it('only redirect inside the app', () => {
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
