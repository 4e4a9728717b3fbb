import type { SwaggerTransformObject } from '@fastify/swagger';
import type { ErrorKey } from '@sabai/shared/error-codes';
import { LANG_HEADER } from '@sabai/shared/i18n';
import { CURRENCIES, DISTANCE_UNITS } from '@sabai/shared/settings';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  BUSINESS_ERROR,
  BUSINESS_ERROR_REF,
  businessErrorEnvelope,
  businessRefusals,
  type RouteFacts,
  refusalsOf,
  securityOf,
  transportResponses,
} from './openapi-errors';

type JsonSchema = Record<string, unknown>;
/** The parts of the built document this file reads (the full shape is OpenAPI 3.0.3). */
export interface OpenApiDocument {
  openapi: string;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, JsonSchema> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: JsonSchema & { oneOf?: JsonSchema[] } }> }
  >;
  [extension: `x-${string}`]: unknown;
}
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

const SUCCESS_DESCRIPTION =
  'The envelope {code, msg, data}: code 0 with the data of the first schema, or a refusal with ' +
  `HTTP 200 (${BUSINESS_ERROR}): a catalogue code, a localised msg and data null`;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteConfig = Omit<RouteFacts, 'stateChanging' | 'hasBody'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Refusals with an HTTP error status that the route gives beyond the HTTP layer's (a dev tool's
     * "this machine only"), so that the document (openapi.ts) lists them.
     */
    refusals?: readonly ErrorKey[];
  }
}

const NULL_ONLY: JsonSchema = { type: 'object', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0.3's `nullable` adds null to the values of its `type` only: not to an `enum` (a
 * nullable enum lists null itself, or a validator refuses the null the server sends, as a store's
 * always-open conversation's `closedReason: null` was), and not where there is no `type` (zod's
 * nullable `unknown` is any value already; a nullable union gets a null branch). zod's output
 * leaves these to the reader; this spells them out, at any depth.
 */
function spellOutNullable(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) spellOutNullable(item);
    return;
  }
  const node = schema as JsonSchema;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  if (node.nullable === true && node.type === undefined) {
    delete node.nullable;
    if (Array.isArray(node.anyOf)) node.anyOf.push(NULL_ONLY);
    else if (Array.isArray(node.oneOf)) node.oneOf.push(NULL_ONLY);
  }
  for (const value of Object.values(node)) spellOutNullable(value);
}

/** The success envelope says code 0, so that it and the refusal are told apart by `code` alone. */
function successOnly(success: JsonSchema): JsonSchema {
  const properties = success.properties as Record<string, JsonSchema> | undefined;
  if (!properties?.code) return success;
  return { ...success, properties: { ...properties, code: { type: 'integer', enum: [0] } } };
}

/**
 * jsonSchemaTransform (zod → JSON schema) plus what every operation shares, derived here once from
 * the route's `config` and never written per route: the spec's request headers, the security its
 * `access` needs, HTTP 200 as success or refusal (with the refusals its access gives), and the
 * error envelope of each failure the HTTP layer can answer for that route.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const schema = (result.schema ?? {}) as JsonSchema;
  if (schema.hide) return result;
  const route = (input as { route?: { method?: string | string[]; config?: RouteConfig } }).route;
  const config = route?.config ?? {};
  const methods = [route?.method ?? []].flat();

  const own = schema.headers as { properties?: JsonSchema; required?: string[] } | undefined;
  schema.headers = {
    type: 'object',
    properties: { ...requestHeaders, ...own?.properties },
    ...(own?.required ? { required: own.required } : {}),
  };

  const security = securityOf(config.access);
  if (security) schema.security = security;
  else delete schema.security;
  const stateChanging = methods.some((method) => STATE_CHANGING.has(method));
  // A state-changing route without a body schema still reads a body someone sends (and refuses it).
  const refusals = refusalsOf({ ...config, stateChanging, hasBody: stateChanging || !!schema.body });
  const inside200 = businessRefusals(refusals);
  schema['x-access'] = config.access ?? 'public';
  schema['x-refusals'] = inside200;

  const responses = { ...transportResponses(refusals), ...(schema.response as Record<string, JsonSchema>) };
  const success = responses['200'];
  const given = inside200.length
    ? ` Refusals it gives whatever it does: ${inside200.map(({ code, key }) => `${code} ${key}`).join(', ')}.`
    : '';
  responses['200'] = success
    ? {
        description: `${success.description ?? SUCCESS_DESCRIPTION}.${given}`,
        oneOf: [successOnly(success), businessErrorEnvelope],
      }
    : {
        // A route that answers a file (an image) on success says so here; its refusals are still JSON.
        description: `A file on success (see the summary), or a refusal (${BUSINESS_ERROR}).${given}`,
        content: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: businessErrorEnvelope },
        },
      };
  schema.response = responses;
  for (const part of ['body', 'querystring', 'params', 'response']) spellOutNullable(schema[part]);

  return { ...result, schema };
}

/**
 * The whole document once built: the refusal every HTTP 200 may carry becomes one component,
 * so a client generator makes one type of it instead of one per operation.
 */
export const openApiDocumentTransform: SwaggerTransformObject = (built) => {
  if (!('openapiObject' in built)) return built.swaggerObject;
  const document = built.openapiObject as unknown as OpenApiDocument;
  const { title: _title, ...component } = businessErrorEnvelope;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [BUSINESS_ERROR]: component },
  };
  const toRef = (schema: JsonSchema) =>
    schema.title === BUSINESS_ERROR ? { $ref: BUSINESS_ERROR_REF } : schema;
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const json = operation.responses?.['200']?.content?.['application/json'];
      if (!json?.schema) continue;
      json.schema = toRef(json.schema);
      if (Array.isArray(json.schema.oneOf)) json.schema.oneOf = json.schema.oneOf.map(toRef);
    }
  }
  return built.openapiObject;
};
