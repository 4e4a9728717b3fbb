import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerUser } from '../../test/identity-helpers';
import { contractWatchOf } from '../../test/openapi-contract';
import { createTestApp } from '../../test/test-app';
import { ok, okResponse } from './envelope';
import type { OpenApiDocument } from './openapi';

/** Issue #37: the document at /docs says what the server answers, and the test app holds it to that. */
const { app } = await createTestApp({
  extend(app) {
    // A route whose answer drifted from its schema, and one answering a status it does not declare.
    app.get(
      '/app/test/drifted',
      { config: { access: 'public' }, schema: { response: okResponse(z.object({ count: z.number() })) } },
      // Sent past the route's serializer, as the error handler sends: what the document must still describe.
      async (request, reply) =>
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({ ...ok(request.lang, { count: 1 }), data: { count: 'one' } } as never),
    );
    app.get(
      '/app/test/teapot',
      { config: { access: 'public' }, schema: { response: okResponse(z.null()) } },
      async (_request, reply) => reply.status(418 as 200).send({ code: 0, msg: 'ok', data: null }),
    );
  },
});
const watch = contractWatchOf(app);
const document = app.swagger() as unknown as OpenApiDocument;
const operationOf = (method: string, url: string) =>
  document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

describe('the OpenAPI document tells the truth (decision 109)', () => {
  it("declares the token scheme exactly where the route's access needs a login", () => {
    const wrong: string[] = [];
    for (const route of app.routeAccess) {
      const operation = operationOf(route.method, route.url);
      if (!operation || !route.url.startsWith('/app')) continue;
      const expected = route.access === undefined || route.access === 'public' ? undefined : [{ token: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected))
        wrong.push(
          `${route.method} ${route.url} (${String(route.access)}): ${JSON.stringify(operation.security)}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(document.components?.securitySchemes?.token).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'token',
    });
  });

  it('describes every HTTP 200 as the success envelope or a refusal, with the refusals access gives', () => {
    const refusal = { $ref: '#/components/schemas/BusinessErrorEnvelope' };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const json = operation.responses['200']?.content?.['application/json']?.schema;
        const branches = json?.oneOf ?? [json];
        expect({ path, method, refusal: branches.at(-1) }).toEqual({ path, method, refusal });
      }
    }
    const business = document.components?.schemas?.BusinessErrorEnvelope as {
      properties: { code: { enum: number[] } };
    };
    expect(business.properties.code.enum).toEqual(expect.arrayContaining([401, 403, 404, 5001]));
    expect(business.properties.code.enum).not.toContain(0);
    expect(business.properties.code.enum).not.toContain(ERROR_CODES.validationFailed.code);

    const staffOnly = operationOf('POST', '/app/staff/app-versions');
    expect(staffOnly?.['x-refusals']).toEqual(
      expect.arrayContaining([
        { code: 401, key: 'unauthenticated' },
        { code: 403, key: 'forbidden' },
      ]),
    );
    expect(Object.keys(staffOnly?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '429', '500']),
    );
    expect(operationOf('GET', '/app/cities')?.['x-refusals']).toEqual([]);
  });

  it('lets a nullable enum be null, as the server sends it (a store group has no closedReason)', () => {
    const text = JSON.stringify(operationOf('GET', '/app/chat/conversations')?.responses['200']);
    expect(text).toContain(
      '"closedReason":{"nullable":true,"type":"string","enum":["chatClosed","chatNotOpen",null]}',
    );
  });

  it('checks every answer of the test app: success, refusal, drift and undeclared status', async () => {
    expect(watch).toBeDefined();
    const user = await registerUser(app);
    const before = watch?.checked ?? 0;
    const cities = await app.inject({ method: 'GET', url: '/app/cities' });
    expect(cities.json().code).toBe(0);
    // A refusal inside HTTP 200 is part of the contract, not a violation of it.
    const guest = await app.inject({ method: 'GET', url: '/app/chat/conversations' });
    expect([guest.statusCode, guest.json().code]).toEqual([200, ERROR_CODES.unauthenticated.code]);
    const mine = await app.inject({
      method: 'GET',
      url: '/app/chat/conversations',
      headers: { token: user.token },
    });
    expect(mine.json().code).toBe(0);
    expect(watch?.checked).toBe(before + 3);
    expect(watch?.violations).toEqual([]);

    await app.inject({ method: 'GET', url: '/app/test/drifted' });
    await app.inject({ method: 'GET', url: '/app/test/teapot' });
    expect(watch?.violations).toEqual([
      expect.stringMatching(/^GET \/app\/test\/drifted: HTTP 200 code 0 does not match the document/),
      expect.stringMatching(/^GET \/app\/test\/teapot: HTTP 418 is not declared/),
    ]);
    // Both were made to fail here; the file's teardown fails on any other.
    watch?.violations.splice(0);
  });
});
