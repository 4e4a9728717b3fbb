/**
 * The one catalogue of envelope codes. Business outcomes answer HTTP 200 with the envelope (the
 * spec's client reads `code`); transport failures keep an HTTP error status, still with an envelope.
 * Messages for each key live in the server's `errors` translation namespace, in every language.
 */
export const ERROR_CODES = {
  ok: { code: 0, httpStatus: 200 },
  unauthenticated: { code: 401, httpStatus: 200 },
  forbidden: { code: 403, httpStatus: 200 },
  notFound: { code: 404, httpStatus: 200 },
  validationFailed: { code: 1000, httpStatus: 400 },
  malformedJson: { code: 1001, httpStatus: 400 },
  bodyTooLarge: { code: 1002, httpStatus: 413 },
  routeNotFound: { code: 1003, httpStatus: 404 },
  rateLimited: { code: 1004, httpStatus: 429 },
  unsupportedMediaType: { code: 1005, httpStatus: 415 },
  tooManyFormFields: { code: 1006, httpStatus: 413 },
  devToolLocalOnly: { code: 1007, httpStatus: 403 },
  crossSiteRequestRefused: { code: 1008, httpStatus: 403 },
  requestHeadersTooLarge: { code: 1009, httpStatus: 431 },
  internalError: { code: 1500, httpStatus: 500 },
  serviceUnavailable: { code: 1503, httpStatus: 503 },
  smsCodeInvalid: { code: 2001, httpStatus: 200 },
  smsCodeExpired: { code: 2002, httpStatus: 200 },
  smsCodeUsed: { code: 2003, httpStatus: 200 },
  smsCodeTooManyAttempts: { code: 2004, httpStatus: 200 },
  smsTooFrequent: { code: 2005, httpStatus: 200 },
  smsDailyLimit: { code: 2006, httpStatus: 200 },
  smsSendFailed: { code: 2007, httpStatus: 200 },
  phoneInvalid: { code: 2008, httpStatus: 200 },
  phoneNotRegistered: { code: 2009, httpStatus: 200 },
  phoneAlreadyRegistered: { code: 2010, httpStatus: 200 },
  phoneBlockedAfterCancellation: { code: 2011, httpStatus: 200 },
  loginFailed: { code: 2012, httpStatus: 200 },
  passwordTooWeak: { code: 2013, httpStatus: 200 },
  passwordNotSet: { code: 2014, httpStatus: 200 },
  passwordIncorrect: { code: 2015, httpStatus: 200 },
  agreementRequired: { code: 2016, httpStatus: 200 },
  accountBanned: { code: 2017, httpStatus: 200 },
  accountCancelled: { code: 2018, httpStatus: 200 },
  phoneAlreadyBound: { code: 2019, httpStatus: 200 },
  phoneUnchanged: { code: 2020, httpStatus: 200 },
  cancellationNotPending: { code: 2021, httpStatus: 200 },
  cancellationAlreadyPending: { code: 2022, httpStatus: 200 },
  confirmationRequired: { code: 2023, httpStatus: 200 },
  imageInvalid: { code: 2024, httpStatus: 200 },
  imageTooLarge: { code: 2025, httpStatus: 200 },
  nicknameInvalid: { code: 2026, httpStatus: 200 },
  invitationCodeInvalid: { code: 2027, httpStatus: 200 },
  passwordAttemptsExceeded: { code: 2028, httpStatus: 200 },
  cityNotOpen: { code: 3001, httpStatus: 200 },
  cityNotVoting: { code: 3002, httpStatus: 200 },
  cityAlreadyVoted: { code: 3003, httpStatus: 200 },
  cannotFollowSelf: { code: 3004, httpStatus: 200 },
} as const satisfies Record<string, { code: number; httpStatus: number }>;

export type ErrorKey = keyof typeof ERROR_CODES;

export const errorKeyByCode: ReadonlyMap<number, ErrorKey> = new Map(
  (Object.entries(ERROR_CODES) as [ErrorKey, { code: number }][]).map(([key, { code }]) => [code, key]),
);
