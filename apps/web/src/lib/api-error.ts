/**
 * The envelope codes of a banned and a cancelled account (ERROR_CODES.accountBanned / accountCancelled
 * in @sabai/shared/error-codes; api-client.test.ts holds them equal). Repeated here so the first
 * page does not load the whole catalogue.
 */
export const ACCOUNT_BANNED_CODE = 2017;
export const ACCOUNT_CANCELLED_CODE = 2018;
export type AccountEnd = 'banned' | 'cancelled';

/** `account`: banned or cancelled, already shown to the user and logged out by the helper's hook. */
export type ApiErrorKind =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'http'
  | 'business'
  | 'unauthorized'
  | 'account';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope code when the server sent one, otherwise the HTTP status (or 0). */
  readonly code: number;
  readonly httpStatus: number | undefined;

  constructor(kind: ApiErrorKind, code: number, message: string, httpStatus?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
