import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../lib/app-error';
import { fixedClock } from '../lib/clock';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEEP_MS } from './idempotency';

const clock = fixedClock(new Date('2026-11-24T08:00:00Z'));
/** Charges run by the test route, per caller and amount: a replay must not add one. */
const charges: { userId: number | null; amount: number }[] = [];
let releaseSlowCharge: () => void = () => {};

const { app, database } = await createTestApp({
  clock,
  extend(app) {
    app.post<{ Body: { amount: number; fail?: 'business' | 'crash' } }>(
      '/app/test/charges',
      { config: { access: 'guest', idempotency: 'optional' } },
      async (request) => {
        if (request.body.fail === 'crash') throw new Error('provider timed out');
        charges.push({ userId: request.user?.id ?? null, amount: request.body.amount });
        if (request.body.fail === 'business') throw new AppError('forbidden');
        return { code: 0, msg: 'ok', data: { chargeNo: charges.length, amount: request.body.amount } };
      },
    );
    app.post<{ Body: { amount: number } }>(
      '/app/test/slow-charges',
      { config: { access: 'user', idempotency: 'required' } },
      async (request) => {
        await new Promise<void>((resolve) => {
          releaseSlowCharge = resolve;
        });
        charges.push({ userId: request.user?.id ?? null, amount: request.body.amount });
        return { code: 0, msg: 'ok', data: { chargeNo: charges.length } };
      },
    );
  },
});

const charge = (
  token: string | undefined,
  payload: object,
  key?: string,
  extra: Record<string, string> = {},
) =>
  call(app, {
    method: 'POST',
    url: '/app/test/charges',
    payload,
    ...(token ? { token } : {}),
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...extra },
  });

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry instead of running the request again', async () => {
    const { token, user } = await registerUser(app);
    const first = await charge(token, { amount: 500 }, 'order-1-pay');
    const retry = await charge(token, { amount: 500 }, 'order-1-pay');
    expect(first.json()).toMatchObject({ code: 0, data: { amount: 500 } });
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(charges.filter((made) => made.userId === user.id)).toHaveLength(1);
    // Without a key every request runs.
    await charge(token, { amount: 500 });
    expect(charges.filter((made) => made.userId === user.id)).toHaveLength(2);
  });

  it('refuses the same key with a different request, and keys never cross callers', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    await charge(alice.token, { amount: 100 }, 'shared-key');
    const changed = await charge(alice.token, { amount: 999 }, 'shared-key', { lang: 'vi-VN' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: ERROR_CODES.idempotencyKeyMismatch.code,
      msg: 'Idempotency-Key này đã được dùng cho một yêu cầu khác.',
    });
    // Bob's request with Alice's key is his own: it runs and never sees her answer.
    const bobs = await charge(bob.token, { amount: 100 }, 'shared-key');
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(charges.filter((made) => made.userId === bob.user.id)).toHaveLength(1);
    // A guest's device is a scope of its own.
    const guest = await charge(undefined, { amount: 100 }, 'shared-key', { deviceId: 'device-123456' });
    expect(guest.json().code).toBe(0);
    expect(
      (await charge(undefined, { amount: 100 }, 'shared-key', { deviceId: 'device-123456' })).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
  });

  it('replays a business refusal but lets a crashed request run again', async () => {
    const { token, user } = await registerUser(app);
    const refused = await charge(token, { amount: 1, fail: 'business' }, 'refused-key');
    const again = await charge(token, { amount: 1, fail: 'business' }, 'refused-key');
    expect(refused.json().code).toBe(ERROR_CODES.forbidden.code);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(charges.filter((made) => made.userId === user.id)).toHaveLength(1);

    const crashed = await charge(token, { amount: 2, fail: 'crash' }, 'crash-key');
    expect(crashed.statusCode).toBe(500);
    const rows = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crash-key'));
    expect(rows).toHaveLength(0);
    const retried = await charge(token, { amount: 2 }, 'crash-key');
    expect(retried.json().code).toBe(0);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('tells a retry that the first request is still running, and requires the key where declared', async () => {
    const { token } = await registerUser(app);
    const slow = (key?: string) =>
      call(app, {
        method: 'POST',
        url: '/app/test/slow-charges',
        token,
        payload: { amount: 7 },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const missing = await slow();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ERROR_CODES.idempotencyKeyRequired.code);

    const first = slow('slow-key');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const concurrent = await slow('slow-key');
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json().code).toBe(ERROR_CODES.idempotencyKeyInProgress.code);
    releaseSlowCharge();
    expect((await first).json().code).toBe(0);
    expect((await slow('slow-key')).headers['idempotent-replayed']).toBe('true');
  });

  it('refuses malformed keys', async () => {
    const { token } = await registerUser(app);
    for (const key of ['', 'x'.repeat(256), 'naïve-key', 'two words']) {
      const response = await charge(token, { amount: 1 }, undefined, { 'idempotency-key': key });
      expect(response.json().code, JSON.stringify(key)).toBe(ERROR_CODES.idempotencyKeyInvalid.code);
    }
  });

  it('forgets answers after the keeping time, so the key may be used again', async () => {
    const { token, user } = await registerUser(app);
    await charge(token, { amount: 3 }, 'daily-key');
    clock.advance(IDEMPOTENCY_KEEP_MS + 1);
    const later = await charge(token, { amount: 4 }, 'daily-key');
    expect(later.json()).toMatchObject({ code: 0, data: { amount: 4 } });
    expect(charges.filter((made) => made.userId === user.id)).toHaveLength(2);
    clock.advance(IDEMPOTENCY_KEEP_MS + 1);
    await deleteExpiredIdempotencyKeys(database.db, clock.now());
    expect(
      await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'daily-key')),
    ).toHaveLength(0);
  });
});
