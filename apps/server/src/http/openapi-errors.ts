import { ERROR_CODES, type ErrorKey } from '@sabai/shared/error-codes';
import type { Access } from './auth';

type JsonSchema = Record<string, unknown>;

/** The component every operation's HTTP 200 answer points to for a refusal (see `openApiDocumentTransform`). */
export const BUSINESS_ERROR = 'BusinessErrorEnvelope';
export const BUSINESS_ERROR_REF = `#/components/schemas/${BUSINESS_ERROR}`;

/** Every catalogue code the server answers inside HTTP 200: the spec's client reads `code`, not the status. */
const businessCodes = Object.values(ERROR_CODES)
  .filter(({ code, httpStatus }) => httpStatus === 200 && code !== 0)
  .map(({ code }) => code)
  .sort((a, b) => a - b);

/** A refusal inside HTTP 200: a catalogue code, a message in the caller's language, and no data. */
export const businessErrorEnvelope: JsonSchema = {
  title: BUSINESS_ERROR,
  description:
    'A refusal answered with HTTP 200: a catalogue code (packages/shared/src/error-codes.ts; 401 means ' +
    '"log in again"), `msg` localised by the `lang` header, `data` null',
  type: 'object',
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
  properties: {
    code: { type: 'integer', enum: businessCodes },
    msg: { type: 'string' },
    data: { type: 'object', nullable: true, enum: [null] },
  },
};

/** An answer with an HTTP error status: the same envelope; `data` has details for some (fields, requestId). */
const transportErrorEnvelope = (description: string, keys: readonly ErrorKey[]): JsonSchema => ({
  description: `${description} (code ${keys.map((key) => `${ERROR_CODES[key].code} ${key}`).join(', ')})`,
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', enum: keys.map((key) => ERROR_CODES[key].code) },
    msg: { type: 'string', description: 'Message localised by the `lang` header' },
    data: { description: 'null, or details: `fields` for validation, `requestId` for a crash' },
  },
});

/** What a route declares that tells which refusals it can give (its `config`, its method and body). */
export interface RouteFacts {
  access?: Access;
  rateLimit?: unknown;
  idempotency?: 'optional' | 'required';
  /** Refusals of its own beyond the HTTP layer's, declared as `config.refusals` (a dev tool's 403). */
  refusals?: readonly ErrorKey[];
  stateChanging: boolean;
  hasBody: boolean;
}

/**
 * The refusals the access layer (auth.ts) gives a route of this access before its handler runs, so
 * every operation of that access can give them whatever it does: a missing or ended session, a
 * banned or cancelled account, a role the caller lacks.
 */
function accessRefusals(access: Access | undefined): ErrorKey[] {
  if (access === undefined || access === 'public') return [];
  const session: ErrorKey[] = ['unauthenticated', 'accountBanned', 'accountCancelled'];
  return typeof access === 'string' ? session : [...session, 'forbidden'];
}

/**
 * Every refusal a route can give whatever its handler does, from what it declares: its access's,
 * the HTTP layer's for its config (validation, body limits, cross-site, idempotency keys, rate
 * limits, a crash) and its own. A handler's business refusals come on top (BusinessErrorEnvelope).
 */
export function refusalsOf(route: RouteFacts): ErrorKey[] {
  const keys: ErrorKey[] = [...accessRefusals(route.access), 'validationFailed', 'malformedJson'];
  if (route.hasBody) keys.push('bodyTooLarge', 'tooManyFormFields', 'unsupportedMediaType');
  if (route.stateChanging) keys.push('crossSiteRequestRefused');
  if (route.idempotency)
    keys.push(
      'idempotencyKeyInvalid',
      'idempotencyKeyRequired',
      'idempotencyKeyInProgress',
      'idempotencyKeyMismatch',
    );
  if (route.rateLimit) keys.push('rateLimited');
  keys.push('internalError', ...(route.refusals ?? []));
  return [...new Set(keys)];
}

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid (data.fields names each offending field) or unreadable',
  403: 'Refused before any handler ran',
  409: 'A request with this Idempotency-Key is still being answered',
  413: 'The body is larger than the limit',
  415: 'The content type is neither JSON nor form-encoded nor multipart',
  422: 'This Idempotency-Key was used for a different request',
  429: 'Too many requests; try again later',
  500: 'Something failed on the server; data.requestId identifies it in the logs',
  503: 'A service the server needs does not answer',
};

/** The refusals answered with an HTTP error status, as one envelope per status. */
export function transportResponses(keys: readonly ErrorKey[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorKey[]>();
  for (const key of keys) {
    const status = ERROR_CODES[key].httpStatus;
    if (status !== 200) byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, of]) => [
      String(status),
      transportErrorEnvelope(STATUS_DESCRIPTIONS[status] ?? 'Refused', of),
    ]),
  );
}

/** The refusals answered inside HTTP 200, as the document lists them (`x-refusals`). */
export const businessRefusals = (keys: readonly ErrorKey[]) =>
  keys
    .filter((key) => ERROR_CODES[key].httpStatus === 200)
    .map((key) => ({ code: ERROR_CODES[key].code, key }));

/** Who may call, as OpenAPI security: a session token, or for a guest route a device id instead. */
export function securityOf(access: Access | undefined): Record<string, string[]>[] | undefined {
  if (access === undefined || access === 'public') return undefined;
  if (access === 'guest') return [{ deviceId: [] }, { token: [] }];
  return [{ token: [] }];
}
