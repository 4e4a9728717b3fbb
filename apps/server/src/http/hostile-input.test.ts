import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { userRoles } from '../db/schema';
import { seedCatalogDemo, seedDemoData } from '../demo';

/**
 * Walks every operation of the app's own OpenAPI document with hostile values in each path
 * parameter, query parameter, header and JSON body field, as a guest, a customer and an admin, and
 * requires that none is answered with a 5xx: a hostile input is the caller's mistake, never a crash.
 * The document is read at run time, so a route added later is walked without anyone listing it.
 */

const { app, database } = await createTestApp();
// Demo cities, therapists and stores, so that valid ids lead somewhere and hostile values reach the queries.
await seedDemoData(database.db);
await seedCatalogDemo(database.db);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const TEN_THOUSAND = 'x'.repeat(10_000);
/** Values for a parameter that travels as text (path, query string, header). */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '2147483648',
  '9223372036854775808',
  '-1',
  '1.5',
  'abc',
  '',
  TEN_THOUSAND,
  '\u202Eevil\u202C',
  '\u200B',
  '%',
];
/** Header values must be Latin-1 without control characters to be sent at all. */
const HOSTILE_HEADER = ['2147483648', '-1', 'abc', TEN_THOUSAND, '%'];
/** Values for a JSON body field: the text ones plus the wrong types. */
const HOSTILE_JSON: unknown[] = [...HOSTILE_TEXT, 2_147_483_648, 2 ** 63, -1, true, null, {}, ['a', 'b']];
/** Whole bodies of the wrong shape. */
const HOSTILE_BODIES: unknown[] = [[], 'text', 123, null, true, { [TEN_THOUSAND]: 1 }];

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  return typeOf(schema.anyOf?.[0] ?? schema.oneOf?.[0]);
}

/** A value the schema accepts, so that a hostile value in another field is the only thing wrong. */
function validValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const clamp = (value: number) =>
    Math.min(schema.maximum ?? value, Math.max(schema.minimum ?? value, value));
  switch (typeOf(schema)) {
    case 'integer':
      // Ids that exist (the first city, the first user), so that hostile values in the other fields
      // get past "not found" to the queries. The first user may be a walker: the pool replaces it.
      return clamp(1);
    case 'number':
      return clamp(1);
    case 'boolean':
      return true;
    case 'array':
      return [validValue(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(property)]),
      );
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

interface Walked {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): Walked[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Every hostile request for one operation, each changing one thing from a valid request. */
function hostileRequests(operation: Walked, options: { headers: boolean }): InjectOptions[] {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = options.headers
    ? operation.parameters.filter((p) => p.in === 'header' && p.name !== 'token')
    : [];
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, asText(validValue(p.schema))]));
  const validQuery = Object.fromEntries(queryParams.map((p) => [p.name, asText(validValue(p.schema))]));
  const validBody = operation.body ? validValue(operation.body) : undefined;

  const build = (
    path: Record<string, string>,
    query: Record<string, string | string[]>,
    options: { headers?: Record<string, string>; payload?: unknown; raw?: InjectOptions } = {},
  ): InjectOptions => {
    const pairs = Object.entries(query).flatMap(([name, value]) =>
      [value].flat().map((one): [string, string] => [name, one]),
    );
    const url =
      operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? '')) +
      (pairs.length ? `?${new URLSearchParams(pairs)}` : '');
    const body = 'payload' in options ? options.payload : validBody;
    return {
      method: operation.method as InjectOptions['method'],
      url,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...options.raw,
    };
  };

  const requests: InjectOptions[] = [build(validPath, validQuery)];
  for (const param of pathParams)
    for (const value of HOSTILE_TEXT) requests.push(build({ ...validPath, [param.name]: value }, validQuery));
  for (const param of queryParams) {
    for (const value of HOSTILE_TEXT) requests.push(build(validPath, { ...validQuery, [param.name]: value }));
    requests.push(build(validPath, { ...validQuery, [param.name]: ['1', '2'] }));
  }
  for (const header of headerParams)
    for (const value of HOSTILE_HEADER)
      requests.push(build(validPath, validQuery, { headers: { [header.name]: value } }));
  if (operation.body && validBody && typeof validBody === 'object') {
    for (const field of Object.keys(validBody))
      for (const value of HOSTILE_JSON)
        requests.push(build(validPath, validQuery, { payload: { ...validBody, [field]: value } }));
    for (const body of HOSTILE_BODIES) requests.push(build(validPath, validQuery, { payload: body }));
  }
  if (operation.method !== 'GET') {
    // Bodies the route's parser cannot read, whatever the route expects.
    requests.push(
      build(validPath, validQuery, {
        raw: { headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      }),
      build(validPath, validQuery, {
        raw: {
          headers: { 'content-type': 'multipart/form-data; boundary=----x' },
          payload:
            '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot closed',
        },
      }),
      build(validPath, validQuery, {
        raw: { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
      }),
      build(validPath, validQuery, {
        raw: {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '%zz=%00&a[b]=1&a=2',
        },
      }),
    );
  }
  return requests;
}

/** A caller's token, replaced once the walk has logged it out, banned or cancelled it. */
function sessionPool(role: 'customer' | 'admin') {
  let token: Promise<string> | undefined;
  const fresh = async () => {
    // A fresh phone may, rarely, be one this file already registered: take another.
    const session = await registerUser(app).catch(() => registerUser(app));
    if (role === 'admin') await database.db.insert(userRoles).values({ userId: session.user.id, role });
    return session.token;
  };
  return {
    get: () => {
      token ??= fresh();
      return token;
    },
    async checkAlive() {
      if (!token) return;
      const probe = await call(app, { method: 'GET', url: '/app/users/me/cancellation', token: await token });
      if (probe.json().code !== 0 || probe.json().data.isLogout) token = undefined;
    },
  };
}

describe('the inputs issue 11 found answering 500', () => {
  const fieldsOf = (body: { data: { fields: { field: string }[] } }) => body.data.fields.map((f) => f.field);

  it.each([
    ['/app/search?q=%00', 'q'],
    ['/app/search?q=spa%00', 'q'],
    ['/app/projects?cityId=1&categoryId=2147483648', 'categoryId'],
    ['/app/therapists?cityId=1&projectId=2147483648', 'projectId'],
    ['/app/therapists?cityId=1&storeId=2147483648', 'storeId'],
  ])('%s is a localised validation error on %s', async (url, field) => {
    const response = await call(app, { method: 'GET', url, headers: { lang: 'zh-TW' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ERROR_CODES.validationFailed.code);
    expect(response.json().msg).toMatch(/^部分資訊無效/);
    expect(new Set(fieldsOf(response.json()))).toEqual(new Set([field]));
  });

  it('refuses a NUL in updateClientId clientId (query) and ocid (JSON) of the caller', async () => {
    const session = await registerUser(app);
    const viaQuery = await call(app, {
      method: 'POST',
      url: `/app/user/updateClientId?clientId=a%00b&userId=${session.user.id}`,
      token: session.token,
    });
    expect(viaQuery.statusCode).toBe(400);
    expect(fieldsOf(viaQuery.json())).toEqual(['clientId']);
    const viaBody = await call(app, {
      method: 'POST',
      url: '/app/user/updateClientId',
      token: session.token,
      payload: { userId: session.user.id, ocid: 'a\u0000b' },
    });
    expect(viaBody.statusCode).toBe(400);
    expect(fieldsOf(viaBody.json())).toEqual(['ocid']);
  });

  it.each([
    [
      'a part that never ends',
      'multipart/form-data; boundary=----x',
      '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot closed',
    ],
    ['no boundary', 'multipart/form-data', 'no boundary at all'],
  ])('answers an avatar upload with %s as a localised 400', async (_what, contentType, payload) => {
    const session = await registerUser(app);
    const response = await call(app, {
      method: 'POST',
      url: '/app/users/me/avatar',
      token: session.token,
      headers: { 'content-type': contentType, lang: 'km-KH' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ERROR_CODES.malformedJson.code,
      msg: 'មិនអាចអានសំណើបានទេ។ សូមព្យាយាមម្ដងទៀត។',
      data: null,
    });
  });
});

describe('hostile input on every documented route', () => {
  it('answers none of them with a 5xx, as a guest, a customer or an admin', async () => {
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const operations = operationsOf(document);
    const callers = { guest: undefined, customer: sessionPool('customer'), admin: sessionPool('admin') };
    const crashes: string[] = [];
    const walked = new Set<string>();
    let requests = 0;

    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      for (const [who, pool] of Object.entries(callers)) {
        // The headers are read the same way for everyone: walking them as a guest is enough.
        for (const request of hostileRequests(operation, { headers: who === 'guest' })) {
          const token = pool ? await pool.get() : undefined;
          const response = await call(app, { ...request, ...(token ? { token } : {}) });
          requests += 1;
          if (response.statusCode >= 500) {
            const sent = `${request.url?.toString().slice(0, 120)} ${String(request.payload ?? '').slice(0, 120)}`;
            crashes.push(`${who} ${name}: ${response.statusCode} for ${sent}`);
          }
          // Only a state-changing call that succeeded can have logged its caller out, banned or cancelled them.
          if (operation.method !== 'GET' && response.statusCode === 200 && response.json().code === 0)
            await pool?.checkAlive();
        }
      }
      walked.add(name);
    }

    console.log('walked', walked.size, 'operations with', requests, 'requests');
    expect(crashes).toEqual([]);
    // The walk cannot pass by walking nothing: every documented operation was called.
    expect(walked.size).toBe(operations.length);
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(requests).toBeGreaterThan(operations.length * 3 * 10);
  }, 600_000);
});
