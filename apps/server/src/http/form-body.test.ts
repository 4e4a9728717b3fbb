import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it, vi } from 'vitest';
import { attackFromAnotherProcess, healthTimesDuring, median } from '../../test/form-body-attack';
import { createTestApp } from '../../test/test-app';
import { AppError } from '../lib/app-error';
import { MAX_FORM_FIELDS, parseFormBody } from './form-body';

const ONE_MEGABYTE = 1024 * 1024;
const { app } = await createTestApp({ config: { BODY_LIMIT_BYTES: String(ONE_MEGABYTE) } });
await app.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe('form-encoded bodies under attack', () => {
  it('refuses a 1 MB body of repeated keys at once, and /health keeps answering through the attack', async () => {
    const url = `${baseUrl}/app/auth/login/password`;
    // A fresh server's first answers pay for connections and JIT, not for the attack.
    await attackFromAnotherProcess(url, 2, ONE_MEGABYTE);
    for (let warmUp = 0; warmUp < 5; warmUp++) await (await fetch(`${baseUrl}/health`)).arrayBuffer();

    const attack = attackFromAnotherProcess(url, 5, ONE_MEGABYTE);
    const healthTimes = await healthTimesDuring(baseUrl, attack);
    const { statuses, bodies } = await attack;
    expect(statuses).toEqual([413, 413, 413, 413, 413]);
    expect(bodies[0]).toEqual({
      code: ERROR_CODES.tooManyFormFields.code,
      msg: `表单字段过多（上限 ${MAX_FORM_FIELDS} 个）。`,
      data: null,
    });
    // The quadratic parser held the event loop for seconds (a 120 KB body: /health waited 12.9 s;
    // this body is eight times larger, so minutes); now /health keeps answering through the attack.
    // How little work the refusal costs is proven without a clock below, and how fast /health stays
    // is measured by `npm run bench -- form-body` (target: a median under 100 ms): a bound that tight
    // failed here on a loaded machine, not on the code. The one kept is a hundred times what a quiet
    // machine shows (a median of 5–20 ms) and still a fraction of what the old parser cost.
    expect(healthTimes.length).toBeGreaterThan(5);
    expect(median(healthTimes)).toBeLessThan(2_000);
  }, 60_000);

  it('refuses a body of too many fields after scanning no more separators than the limit, before parsing', () => {
    const body = 'a=&'.repeat(Math.floor((ONE_MEGABYTE - 16) / 3));
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    let refusal: unknown;
    let searches = 0;
    try {
      parseFormBody(body);
    } catch (error) {
      refusal = error;
    } finally {
      searches = indexOf.mock.calls.length;
      indexOf.mockRestore();
    }
    expect(refusal).toBeInstanceOf(AppError);
    // One search per field up to the limit: the work is bounded by the limit, not by the body.
    expect(searches).toBeLessThanOrEqual(MAX_FORM_FIELDS + 1);
    // A body within the limit is parsed, repeated keys becoming a list.
    expect(parseFormBody('a=1&a=2&b=3')).toEqual({ a: ['1', '2'], b: '3' });
  });

  it('still reads a form at the field limit', async () => {
    const body = `${'tag=x&'.repeat(MAX_FORM_FIELDS - 1)}areaCode=855`;
    const response = await app.inject({
      method: 'POST',
      url: '/app/auth/login/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    // Parsed and handed to the login schema, which finds the phone and password missing.
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ERROR_CODES.validationFailed.code);
    const fields = response.json().data.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['phone', 'password']));
  });

  it('answers one field over the limit with the localised envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/app/auth/login/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'km-KH' },
      payload: `${'b=1&'.repeat(MAX_FORM_FIELDS)}c=2`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(ERROR_CODES.tooManyFormFields.code);
    expect(response.json().msg).toContain(String(MAX_FORM_FIELDS));
  });
});
