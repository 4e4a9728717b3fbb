import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshKhPhone } from '../../test/identity-helpers';
import { createTestApp, openTestDatabase } from '../../test/test-app';

// Issue #35 finding 1 (decision 110): behind a trusted proxy, the address the rate limits count is
// the one the proxy saw, whatever a client writes into X-Forwarded-For ahead of it. The SMS code
// route allows 10 sends per address in 10 minutes.
const SEND_LIMIT = 10;
const database = await openTestDatabase();

async function sendCodeAs(app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/app/auth/sms-codes',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { ...freshKhPhone(), purpose: 'login' },
  });
  return { status: response.statusCode, code: response.json().code as number };
}

/** Sends from one real client, each time with a different address the client itself put first. */
async function spoofingClient(app: FastifyInstance, realAddress: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i += 1) answers.push(await sendCodeAs(app, `10.66.${i}.1, ${realAddress}`));
  return answers.map((answer) => answer.status);
}

const allowedThenLimited = [...Array<number>(SEND_LIMIT).fill(200), 429];

describe.each([
  ["the proxy's address", '127.0.0.1'],
  ["the proxy's network", '127.0.0.0/8'],
])('TRUST_PROXY as %s', async (_kind, trustProxy) => {
  const { app } = await createTestApp({ database, config: { TRUST_PROXY: trustProxy } });

  it('counts the address the proxy saw, not one the client wrote ahead of it', async () => {
    expect(await spoofingClient(app, '198.51.100.7', SEND_LIMIT + 1)).toEqual(allowedThenLimited);
    const limited = await sendCodeAs(app, 'anything, 198.51.100.7');
    expect(limited).toEqual({ status: 429, code: ERROR_CODES.rateLimited.code });
  });

  it('still tells clients apart by the address the proxy saw', async () => {
    expect(await spoofingClient(app, '198.51.100.8', 1)).toEqual([200]);
  });
});

describe('TRUST_PROXY with proxy addresses', async () => {
  const { app } = await createTestApp({ database, config: { TRUST_PROXY: '127.0.0.1' } });

  it('believes no forwarding header from a caller that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SEND_LIMIT; i += 1)
      statuses.push((await sendCodeAs(app, `203.0.113.${i}`, '192.0.2.44')).status);
    expect(statuses).toEqual(allowedThenLimited);
  });
});
