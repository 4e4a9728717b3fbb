import { ERROR_CODES, type ErrorKey } from '@sabai/shared/error-codes';

/**
 * A failure a user can be told about. `key` names both the envelope code (error catalogue) and the
 * translated message (server `errors` namespace); `params` fill the message's placeholders.
 */
export class AppError extends Error {
  readonly code: number;
  readonly httpStatus: number;

  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
    this.code = ERROR_CODES[key].code;
    this.httpStatus = ERROR_CODES[key].httpStatus;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
