import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createSandboxProvider, signWebhook } from '../payments';

const SECRET = 'test-webhook-secret-0123456789';
const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({
  clock,
  config: { PAYMENTS_WEBHOOK_SECRET: SECRET },
  paymentProviders: { khqr: createSandboxProvider('khqr') },
});
const DAY_MS = 24 * 60 * 60_000;
let cityId = 0;

const setOnSale = (isOpen: boolean) =>
  database.db.execute(
    sql`insert into app_configs (type, value) values (3099, ${JSON.stringify({ isOpen, link: '/my/vip' })})
        on conflict (type) do update set value = excluded.value`,
  );

beforeAll(async () => {
  cityId = (await placeOf(database)).city.id;
  await database.db.execute(
    sql`insert into vip_city_settings (city_id, settings) values (${cityId}, '{"price": 3500}'::jsonb)`,
  );
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${cityId}, '{"vatBasisPoints": 1000}'::jsonb)
        on conflict (city_id) do update set settings = excluded.settings`,
  );
  await setOnSale(true);
});

const payByRail = (token: string, method: string, key = `vip-rail-${Math.random()}`) =>
  call(app, {
    method: 'POST',
    url: '/app/vip/payments',
    token,
    headers: { 'idempotency-key': key },
    payload: { cityId, method },
  });
const offerOf = async (token: string) =>
  (await call(app, { method: 'GET', url: `/app/vip?cityId=${cityId}`, token })).json().data;
const vipLevelOf = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/user/selectUserById', token })).json().data.vipLevel;
const simulatePaid = async (attemptId: number) =>
  (await app.inject({ method: 'POST', url: `/app/dev/payments/attempts/${attemptId}/simulate-paid` })).json()
    .data.outcome as string;

async function webhook(attemptId: number, eventId: string) {
  const [row] = await queryRows<{ ref: string }>(
    database.db,
    sql`select provider_reference as ref from payment_attempts where id = ${attemptId}`,
  );
  const body = JSON.stringify({ eventId, type: 'payment.succeeded', reference: row?.ref });
  const timestamp = Math.floor(clock.now().getTime() / 1000);
  return (
    await app.inject({
      method: 'POST',
      url: '/app/payments/webhooks/khqr',
      headers: {
        'content-type': 'application/json',
        'x-sabai-timestamp': String(timestamp),
        'x-sabai-signature': signWebhook(SECRET, timestamp, body),
      },
      payload: body,
    })
  ).json().data.outcome as string;
}

const vipLinesOf = (userId: number) =>
  queryRows<{ purpose: string; amount: string }>(
    database.db,
    sql`select a.purpose, p.amount::text as amount from ledger_postings p
        join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.kind = 'vipPurchase' and e.actor_user_id = ${userId} order by a.purpose`,
  );
const membershipsOf = (userId: number) =>
  queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from vip_memberships where user_id = ${userId}`,
  );

describe('the VIP card paid through a rail (decision 051)', () => {
  it('shows a QR and grants nothing until the provider confirms', async () => {
    const customer = await registerUser(app);
    const started = await payByRail(customer.token, 'khqr');
    expect(started.json().code).toBe(0);
    expect(started.json().data.attempt).toMatchObject({
      purpose: 'vip',
      subjectId: started.json().data.requestId,
      orderId: null,
      method: 'khqr',
      amount: 3500,
      currency: 'USD',
      status: 'pending',
    });
    expect(started.json().data.attempt.payload).toEqual(expect.any(String));
    expect(await offerOf(customer.token)).toMatchObject({ isMember: false });
    expect(await vipLinesOf(customer.user.id)).toEqual([]);
  });

  it('is granted once in the applying transaction: clearing → revenue and VAT, however often confirmed', async () => {
    const customer = await registerUser(app);
    const { attempt } = (await payByRail(customer.token, 'khqr')).json().data;
    expect(await simulatePaid(attempt.id)).toBe('applied');
    expect(await simulatePaid(attempt.id)).not.toBe('applied');
    expect(await webhook(attempt.id, `sbx_evt_${attempt.id}`)).toBe('replayed');
    expect(await webhook(attempt.id, 'another-event-for-the-same-payment')).toBe('replayed');
    // 3500 with 10 % VAT inside: 318 VAT, 3182 revenue, taken from the rail's clearing account.
    expect(await vipLinesOf(customer.user.id)).toEqual([
      { purpose: 'platformRevenue', amount: '3182' },
      { purpose: 'railClearing', amount: '-3500' },
      { purpose: 'vatPayable', amount: '318' },
    ]);
    expect(await membershipsOf(customer.user.id)).toEqual([{ n: 1 }]);
    expect(await offerOf(customer.token)).toMatchObject({
      isMember: true,
      endsAt: new Date(BOOKING_NOW.getTime() + 365 * DAY_MS).toISOString(),
    });
    expect(await vipLevelOf(customer.token)).toBe(1);
    const polled = await call(app, {
      method: 'GET',
      url: `/app/payments/attempts/${attempt.id}`,
      token: customer.token,
    });
    expect(polled.json().data).toMatchObject({ purpose: 'vip', status: 'succeeded' });
  });

  it("refuses the wallet, cash and a closed sale, and nobody polls another's attempt", async () => {
    const customer = await registerUser(app);
    const stranger = await registerUser(app);
    expect((await payByRail(customer.token, 'wallet')).statusCode).toBe(400);
    expect((await payByRail(customer.token, 'cash')).statusCode).toBe(400);
    const { attempt } = (await payByRail(customer.token, 'khqr')).json().data;
    const peek = await call(app, {
      method: 'GET',
      url: `/app/payments/attempts/${attempt.id}`,
      token: stranger.token,
    });
    expect(peek.json().code).toBe(ERROR_CODES.notFound.code);
    await setOnSale(false);
    try {
      expect((await payByRail(customer.token, 'khqr')).json().code).toBe(ERROR_CODES.vipNotOnSale.code);
    } finally {
      await setOnSale(true);
    }
  });
});
