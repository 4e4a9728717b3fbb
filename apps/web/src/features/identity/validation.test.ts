import { describe, expect, it } from 'vitest';
import {
  cancellationForm,
  changePasswordForm,
  changePhoneForm,
  currentPassword,
  passwordLoginForm,
  registerForm,
  safeRedirect,
  smsCode,
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

  it('name each of the shared password rules a new password breaks', async () => {
    const account = { ...sms, password: 'abcdefg', invitationCode: '' };
    const passwordProblems = (password: string) => problems(registerForm, { ...account, password });
    expect(await passwordProblems('       ')).toEqual(['identity:password.blank']);
    // Counted in characters, not UTF-16 units: four emoji are four.
    expect(await passwordProblems('🌺🌴🐘🥥')).toEqual(['identity:password.tooShort']);
    expect(await passwordProblems('ab'.repeat(65))).toEqual(['identity:password.tooLong']);
    expect(await passwordProblems('zzzzzzzz')).toEqual(['identity:password.repetitive']);
    expect(
      await problems(changePasswordForm(null), {
        oldPassword: 'old one',
        proof: '',
        newPassword: 'zzzzzzzz',
        repeat: 'zzzzzzzz',
      }),
    ).toEqual(['identity:password.repetitive']);
  });

  it('ask for the agreement', async () => {
    expect(await problems(smsLoginForm, { ...sms, agreed: false })).toEqual(['identity:agreement.required']);
  });

  it('ask for the current password when there is one, else a code to the phone, and the new one twice', async () => {
    const change = { oldPassword: '', proof: '', newPassword: 'abcdefg', repeat: 'abcdefg' };
    expect(await problems(changePasswordForm(null), change)).toEqual(['identity:password.currentRequired']);
    expect(await problems(changePasswordForm(null), { ...change, oldPassword: 'old one' })).toEqual([]);
    expect(await problems(changePasswordForm(smsCode), change)).toEqual(['identity:code.required']);
    expect(await problems(changePasswordForm(smsCode), { ...change, proof: '123456' })).toEqual([]);
    expect(
      await problems(changePasswordForm(smsCode), { ...change, proof: '123456', repeat: 'abcdefh' }),
    ).toEqual(['identity:password.mismatch']);
  });

  it('ask for proof of the account before a phone change or a cancellation', async () => {
    const change = { areaCode: '855', phone: '012 345 678', code: '123456', proof: '' };
    expect(await problems(changePhoneForm(currentPassword), change)).toEqual([
      'identity:password.currentRequired',
    ]);
    expect(await problems(changePhoneForm(currentPassword), { ...change, proof: 'secret' })).toEqual([]);
    expect(await problems(changePhoneForm(smsCode), { ...change, proof: '12345' })).toEqual([
      'identity:code.invalid',
    ]);
    expect(await problems(cancellationForm(currentPassword), { understood: false, proof: 'secret' })).toEqual(
      ['identity:cancel.mustConfirm'],
    );
    expect(await problems(cancellationForm(currentPassword), { understood: true, proof: '' })).toEqual([
      'identity:password.currentRequired',
    ]);
    expect(await problems(cancellationForm(smsCode), { understood: true, proof: '123456' })).toEqual([]);
  });

  it('only redirect inside the app', () => {
    expect(safeRedirect('/my')).toBe('/my');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('token renewal', () => {
  const HOUR = 3600_000;
  it('renews a session in its last week, not a fresh or an expired one', async () => {
    const { shouldRenewToken, RENEW_WITHIN_MS } = await import('./session');
    const now = 1_000_000_000_000;
    const savedAt = now - 30 * 24 * HOUR;
    expect(shouldRenewToken(now + 30 * 24 * HOUR, now, now)).toBe(false);
    expect(shouldRenewToken(now + RENEW_WITHIN_MS - 1, savedAt, now)).toBe(true);
    expect(shouldRenewToken(now + RENEW_WITHIN_MS - 1, undefined, now)).toBe(true);
    expect(shouldRenewToken(now - 1, savedAt, now)).toBe(false);
    expect(shouldRenewToken(undefined, savedAt, now)).toBe(false);
  });

  it('does not renew a 12-hour staff session at every visit, only in its last quarter', async () => {
    const { shouldRenewToken } = await import('./session');
    const savedAt = 1_000_000_000_000;
    const expired = savedAt + 12 * HOUR;
    expect(shouldRenewToken(expired, savedAt, savedAt + 25 * 60_000)).toBe(false);
    expect(shouldRenewToken(expired, savedAt, savedAt + 8 * HOUR)).toBe(false);
    expect(shouldRenewToken(expired, savedAt, savedAt + 9 * HOUR + 1)).toBe(true);
  });
});
