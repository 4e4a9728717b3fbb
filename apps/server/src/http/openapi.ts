import { LANG_HEADER } from '@sabai/shared/i18n';
import { CURRENCIES, DISTANCE_UNITS } from '@sabai/shared/settings';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The request headers of spec section 7, sent by the web app's request helper on every call
 * (apps/web/src/lib/api-client.ts buildDefaultHeaders). Declared once here for every operation.
 */
const requestHeaders: Record<string, JsonSchema> = {
  lang: {
    type: 'string',
    enum: Object.values(LANG_HEADER),
    description: 'Language of `msg` and of localised data; anything else falls back to en-US',
  },
  token: { type: 'string', description: 'Session token from login; absent or empty for a guest' },
  deviceId: {
    type: 'string',
    pattern: '^[\\w.:-]{6,128}$',
    description: 'Stable id of the device; identifies a guest',
  },
  appVersion: { type: 'string', description: 'Client version, e.g. 2.6.82' },
  appVersionCode: { type: 'string', description: 'Client build number' },
  appId: { type: 'string', description: 'Client application id' },
  uniPlatform: { type: 'string', description: 'Client platform: web, android, ios' },
  deviceBrand: { type: 'string' },
  deviceModel: { type: 'string' },
  osName: { type: 'string' },
  dir: { type: 'string', enum: ['1', '2', '3'], description: 'Client variant (spec section 7)' },
  cityId: { type: 'string', description: 'The city the user has chosen' },
  systemInfo: { type: 'string', description: 'Device information as JSON text' },
  currency: { type: 'string', enum: [...CURRENCIES], description: 'Preferred display currency' },
  distanceUnit: { type: 'string', enum: [...DISTANCE_UNITS], description: 'Preferred distance unit' },
};

const errorEnvelope = (description: string): JsonSchema => ({
  description,
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: 'Catalogue code (packages/shared/src/error-codes.ts); never 0' },
    msg: { type: 'string', description: 'Message localised by the `lang` header' },
    data: { description: 'null, or details: `fields` for validation, `requestId` for a crash' },
  },
});

const SUCCESS_DESCRIPTION =
  'The envelope {code, msg, data}: code 0 with the data below, or a business refusal with HTTP 200, ' +
  'a catalogue code (401: log in again) and a localised msg';

/**
 * jsonSchemaTransform (zod → JSON schema) plus what every operation shares: the spec's request
 * headers and the error envelope of each failure the HTTP layer can answer for that route.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const schema = (result.schema ?? {}) as JsonSchema;
  if (schema.hide) return result;

  const own = schema.headers as { properties?: JsonSchema; required?: string[] } | undefined;
  schema.headers = {
    type: 'object',
    properties: { ...requestHeaders, ...own?.properties },
    ...(own?.required ? { required: own.required } : {}),
  };

  const responses = { ...(schema.response as Record<string, JsonSchema> | undefined) };
  const success = responses['200'];
  if (success && !success.description) responses['200'] = { ...success, description: SUCCESS_DESCRIPTION };
  const add = (status: string, description: string) => {
    responses[status] ??= errorEnvelope(description);
  };
  add('400', 'Validation failed (data.fields names each offending field) or the request is unreadable');
  if (schema.body) {
    add('413', 'The body is larger than the limit');
    add('415', 'The content type is neither JSON nor form-encoded nor multipart');
  }
  const config = (input as { route?: { config?: { rateLimit?: unknown } } }).route?.config;
  if (config?.rateLimit) add('429', 'Too many requests; try again later');
  add('500', 'Something failed on the server; data.requestId identifies it in the logs');
  schema.response = responses;

  return { ...result, schema };
}
