import { ERROR_CODES, type ErrorKey } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import {
  call,
  freshKhPhone,
  outboxCode,
  PASSWORD,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { isCommonPassword } from './password-policy';

const { app } = await createTestApp();

/** Registration with a fresh phone and a valid code, so only the password can be refused. */
async function registerWith(password: string) {
  const phone = freshKhPhone();
  await sendCode(app, phone, 'register');
  const code = await outboxCode(app, phone.e164);
  const response = await call(app, {
    method: 'POST',
    url: '/app/auth/register',
    payload: { areaCode: phone.areaCode, phone: phone.phone, code, password, agreeTerms: true },
  });
  return response.json() as { code: number; msg: string };
}

const refused: [string, string, ErrorKey][] = [
  ['a common number sequence', '1234567', 'passwordTooCommon'],
  ['a common word in other case', 'PassWord1', 'passwordTooCommon'],
  ['one repeated letter', 'aaaaaaa', 'passwordTooCommon'],
  ['one repeated digit, longer than any list', '9'.repeat(40), 'passwordTooCommon'],
  ['seven spaces', '       ', 'passwordBlank'],
  ['tabs and newlines only', '\t\n\t\n\t\n\t', 'passwordBlank'],
  ['four emoji (eight UTF-16 units)', '🌺🌴🐘🥥', 'passwordTooWeak'],
  ['six characters', 'mekong', 'passwordTooWeak'],
  ['129 characters', `${'lotus flower '.repeat(10)}abcdefghi`, 'passwordTooLong'],
  ['129 emoji', '🌺'.repeat(64) + '🐘'.repeat(65), 'passwordTooLong'],
];

describe('password rules', () => {
  it('knows the bundled list of the 10,000 most common passwords', () => {
    expect(isCommonPassword('123456789')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });

  it.each(refused)('refuses %s at registration with its own message', async (_name, password, key) => {
    const body = await registerWith(password);
    expect(body.code).toBe(ERROR_CODES[key].code);
    expect(body.msg).not.toBe('');
  });

  it('accepts a long unusual passphrase, exactly 128 characters and seven emoji', async () => {
    expect((await registerWith(`${'lotus flower '.repeat(9)}abcdefghijk`.slice(0, 128))).code).toBe(0);
    expect((await registerWith('🌺🌴🐘🥥🌶️🛺')).code).toBe(0);
  });

  it('answers the over-long password in the caller language', async () => {
    const phone = freshKhPhone();
    await sendCode(app, phone, 'register');
    const code = await outboxCode(app, phone.e164);
    const response = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      headers: { lang: 'th-TH' },
      payload: { ...phone, code, password: 'x1'.repeat(70), agreeTerms: true },
    });
    expect(response.json()).toMatchObject({
      code: ERROR_CODES.passwordTooLong.code,
      msg: 'รหัสผ่านยาวได้ไม่เกิน 128 ตัวอักษร',
    });
  });

  it('applies the same rules to a changed password', async () => {
    const { token } = await registerUser(app);
    const change = (newPassword: string) =>
      call(app, {
        method: 'POST',
        url: '/app/auth/password/change',
        token,
        payload: { oldPassword: PASSWORD, newPassword },
      });
    expect((await change('qwerty123')).json().code).toBe(ERROR_CODES.passwordTooCommon.code);
    expect((await change('        ')).json().code).toBe(ERROR_CODES.passwordBlank.code);
    expect((await change('river of stars 42')).json().code).toBe(0);
  });
});
