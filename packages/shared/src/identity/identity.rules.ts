/**
 * Identity rules and constants without zod, so the web app can use them without loading zod.
 */
/** Roles a user may hold, several at once. A guest is a caller with no account, named by deviceId. */
export const ROLES = [
  'customer',
  'provider',
  'merchant',
  'channel_partner',
  'promoter',
  'customer_service',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** status: 1 normal, 2 banned. isLogout: 1 none, 2 cancellation pending, 3 cancelled (spec section 3). */
export const USER_STATUS = { normal: 1, banned: 2 } as const;
export const IS_LOGOUT = { none: 1, pending: 2, cancelled: 3 } as const;

export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_MAX_LENGTH = 128;
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const CANCELLATION_WAIT_DAYS = 3;
export const NICKNAME_MAX_LENGTH = 32;

export type PasswordProblem = 'blank' | 'tooShort' | 'tooLong' | 'repetitive';

/**
 * The password rules forms and the server share: the spec's "longer than six characters", counted
 * in code points (four emoji are four characters, not eight UTF-16 units), not only whitespace, and
 * not one character repeated. The server also refuses the most common passwords (a list too large
 * for the web app's bundle).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (!password.trim()) return 'blank';
  const characters = [...password];
  if (characters.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (characters.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (new Set(characters).size === 1) return 'repetitive';
  return null;
}

export const isSmsCodeFormat = (code: string) => /^[0-9]{6}$/.test(code);

export const SMS_PURPOSES = ['register', 'login', 'resetPassword', 'bindPhone', 'changePhone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
