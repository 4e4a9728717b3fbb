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

/** The password rule of spec section 5 (longer than six characters), for forms and the server alike. */
export const isAcceptablePassword = (password: string) =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
export const isSmsCodeFormat = (code: string) => /^[0-9]{6}$/.test(code);

export const SMS_PURPOSES = ['register', 'login', 'resetPassword', 'bindPhone', 'changePhone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
