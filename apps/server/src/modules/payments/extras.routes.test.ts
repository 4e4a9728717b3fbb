import { ERROR_CODES } from '@sabai/shared/error-codes';
import { orderSharesOf } from '@sabai/shared/payments/provider-share';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBody, BOOKING_NOW, createProject } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { expectOrderMoneyBalanced } from '../../../test/order-money-ledger';
import { bookUnpaidOrder, fundWallet, payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { therapistProjects } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createSandboxProvider } from '.';

const SECRET = 'test-webhook-secret-0123456789';
const clock = fixedClock(BOOKING_NOW);
const khqr = createSandboxProvider('khqr');
const { app, database } = await createTestApp({
  clock,
  config: { PAYMENTS_WEBHOOK_SECRET: SECRET },
  paymentProviders: { khqr },
});

beforeAll(async () => {
  const { city } = await placeOf(database);
  // Fees that make every share visible: $3 management fee, 10 % VAT.
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${city.id},
      '{"managementFeeFixed": 300, "vatBasisPoints": 1000}'::jsonb)`,
  );
});

const key = () => ({ 'idempotency-key': `k-${Math.random()}` });
const CODE = (name: keyof typeof ERROR_CODES) => ERROR_CODES[name].code;
const LAST_MILE: Record<string, Record<string, unknown>> = {
  arrive: { position: { lat: addressBody().lat, lng: addressBody().lng } },
  end: { reason: 'The customer asked to stop early' },
};
const step = async (id: number, transition: string, token: string) =>
  (
    await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/transitions`,
      token,
      payload: { transition, ...(LAST_MILE[transition] ?? {}) },
    })
  ).json();

/** The balance of every account of one purpose (optionally one owner), from the ledger's postings. */
async function balanceOf(purpose: string, ownerId?: number, orderId?: number) {
  const [row] = await queryRows<{ amount: string | null }>(
    database.db,
    sql`select sum(p.amount)::text as amount from ledger_postings p
        join ledger_accounts a on a.id = p.account_id join ledger_entries e on e.id = p.entry_id
        where a.purpose = ${purpose}
          and (${ownerId ?? null}::int is null or a.owner_id = ${ownerId ?? null}::int)
          and (${orderId ?? null}::int is null or e.order_id = ${orderId ?? null}::int)`,
  );
  return Number(row?.amount ?? 0);
}

async function paidByWallet() {
  const booked = await bookUnpaidOrder(app, database);
  await fundWallet(database, clock, booked.customer.user.id, booked.order.payable);
  expect((await payOrder(app, booked.customer.token, booked.order.id, 'wallet')).json().code).toBe(0);
  return booked;
}

async function completedOrder() {
  const booked = await paidByWallet();
  for (const transition of ['accept', 'depart', 'arrive', 'start', 'end'])
    expect((await step(booked.order.id, transition, booked.therapist.token)).code, transition).toBe(0);
  expect((await step(booked.order.id, 'review', booked.customer.token)).code).toBe(0);
  await app.outbox.dispatchPending();
  return booked;
}

const tip = (orderId: number, token: string, payload: unknown, headers: Record<string, string> = key()) =>
  call(app, {
    method: 'POST',
    url: `/app/orders/${orderId}/tips`,
    token,
    headers,
    payload: payload as object,
  });

async function simulatePaid(attemptId: number) {
  return (
    await app.inject({ method: 'POST', url: `/app/dev/payments/attempts/${attemptId}/simulate-paid` })
  ).json().data.outcome as string;
}

/** Sends the provider's signed webhook for an attempt's reference with a chosen event id. */
async function webhook(reference: string, eventId: string) {
  const { signWebhook } = await import('.');
  const body = JSON.stringify({ eventId, type: 'payment.succeeded', reference });
  const timestamp = Math.floor(clock.now().getTime() / 1000);
  return app.inject({
    method: 'POST',
    url: '/app/payments/webhooks/khqr',
    headers: {
      'content-type': 'application/json',
      'x-sabai-timestamp': String(timestamp),
      'x-sabai-signature': signWebhook(SECRET, timestamp, body),
    },
    payload: body,
  });
}

describe('tips', () => {
  it('refuses every bad amount and method and moves nothing', async () => {
    const { customer, order, therapist } = await completedOrder();
    await fundWallet(database, clock, customer.user.id, 10_000);
    for (const amount of [-100, 0, 1.5, '100', null, 10_000_000_000])
      expect(
        (await tip(order.id, customer.token, { amount, method: 'wallet' })).json().code,
        String(amount),
      ).toBe(CODE('validationFailed'));
    expect((await tip(order.id, customer.token, { amount: 100, method: 'bitcoin' })).json().code).toBe(
      CODE('validationFailed'),
    );
    // Above the city's largest tip (default 100 USD).
    expect((await tip(order.id, customer.token, { amount: 10_001, method: 'wallet' })).json().code).toBe(
      CODE('tipAmountOutOfRange'),
    );
    expect((await tip(order.id, customer.token, { amount: 100, method: 'cash' })).json().code).toBe(
      CODE('paymentMethodNotForPurpose'),
    );
    // Without an idempotency key nothing happens.
    expect((await tip(order.id, customer.token, { amount: 100, method: 'wallet' }, {})).json().code).not.toBe(
      0,
    );
    expect(await balanceOf('tips', therapist.therapistId)).toBe(0);
  });

  it('only the customer of a completed order may tip', async () => {
    const unpaid = await paidByWallet();
    expect(
      (await tip(unpaid.order.id, unpaid.customer.token, { amount: 100, method: 'wallet' })).json().code,
    ).toBe(CODE('tipOrderNotCompleted'));
    const { order, therapist } = await completedOrder();
    const stranger = await registerUser(app);
    await fundWallet(database, clock, stranger.user.id, 1_000);
    expect((await tip(order.id, stranger.token, { amount: 100, method: 'wallet' })).json().code).toBe(
      CODE('notFound'),
    );
    // The provider sees the order (decision 102) but tipping is the customer's.
    expect((await tip(order.id, therapist.token, { amount: 100, method: 'wallet' })).json().code).toBe(
      CODE('orderActorNotAllowed'),
    );
    const read = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.id}/tips`,
      token: stranger.token,
    });
    expect(read.json().code).toBe(CODE('notFound'));
  });

  it('the earnings the incoming popup shows are what the completion pays the provider (issue #31)', async () => {
    const booked = await paidByWallet();
    const { order, therapist } = booked;
    const get = async (url: string) =>
      (await call(app, { method: 'GET', url, token: therapist.token })).json().data;
    // What the workbench has when the order arrives: the order's quote and the city's share.
    const incoming = (await get('/app/provider/orders?view=incoming&pageSize=50')).items.find(
      (item: { id: number }) => item.id === order.id,
    );
    const { platformShareBasisPoints } = await get('/app/therapists/me/work-settings');
    expect(platformShareBasisPoints).toBe(2000);
    const shown = orderSharesOf(incoming.quote, platformShareBasisPoints).providerShare;
    expect(shown).toBeLessThan(incoming.quote.service + incoming.quote.travelFee);
    for (const transition of ['accept', 'depart', 'arrive', 'start', 'end'])
      expect((await step(order.id, transition, therapist.token)).code, transition).toBe(0);
    expect((await step(order.id, 'review', booked.customer.token)).code).toBe(0);
    await app.outbox.dispatchPending();
    expect(await balanceOf('providerEarnings', therapist.therapistId, order.id)).toBe(shown);
  });

  it('lets the customer tip from "waiting for review" on, not while the service runs (issue #31)', async () => {
    const booked = await paidByWallet();
    const { customer, order, therapist } = booked;
    for (const transition of ['accept', 'depart', 'arrive', 'start'])
      expect((await step(order.id, transition, therapist.token)).code, transition).toBe(0);
    await fundWallet(database, clock, customer.user.id, 1_000);
    const tipsView = async () =>
      (await call(app, { method: 'GET', url: `/app/orders/${order.id}/tips`, token: customer.token })).json()
        .data;
    expect((await tipsView()).canTip).toBe(false);
    expect((await tip(order.id, customer.token, { amount: 100, method: 'wallet' })).json().code).toBe(
      CODE('tipOrderNotCompleted'),
    );
    expect((await step(order.id, 'end', therapist.token)).code).toBe(0);
    while ((await app.jobs.runDue()) > 0);
    const detail = await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token });
    expect(detail.json().data.status).toBe('pendingReview');
    // The order page offers the tip by the same rule the payment checks.
    expect(detail.json().data.allowedActions).toContain('tip');
    expect((await tipsView()).canTip).toBe(true);
    expect((await tip(order.id, customer.token, { amount: 100, method: 'wallet' })).json().code).toBe(0);
    expect(await balanceOf('tips', therapist.therapistId)).toBe(100);
  });

  it('a wallet tip goes 100 % to the provider, once per key, and both sides see it', async () => {
    const { customer, order, therapist } = await completedOrder();
    await fundWallet(database, clock, customer.user.id, 700);
    const headers = key();
    const first = await tip(order.id, customer.token, { amount: 500, method: 'wallet' }, headers);
    expect(first.json().data.tip).toMatchObject({ amount: 500, status: 'paid' });
    expect(first.json().data.attempt).toMatchObject({ purpose: 'tip', status: 'succeeded', amount: 500 });
    // The same key replays the answer; it does not tip twice.
    const again = await tip(order.id, customer.token, { amount: 500, method: 'wallet' }, headers);
    expect(again.json().data.tip.id).toBe(first.json().data.tip.id);
    expect(await balanceOf('tips', therapist.therapistId)).toBe(500);
    // A second tip of more than what is left in the wallet fails whole.
    expect((await tip(order.id, customer.token, { amount: 300, method: 'wallet' })).json().code).toBe(
      CODE('insufficientBalance'),
    );
    expect(await balanceOf('tips', therapist.therapistId)).toBe(500);
    expect((await tip(order.id, customer.token, { amount: 200, method: 'wallet' })).json().code).toBe(0);
    expect(await balanceOf('tips', therapist.therapistId)).toBe(700);
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(0);
    // Nothing of a tip reaches the platform or the provider's earnings: the wallet → tips, whole.
    const tipEntries = await queryRows<{ purpose: string; amount: string }>(
      database.db,
      sql`select a.purpose, sum(p.amount)::text as amount from ledger_postings p
          join ledger_accounts a on a.id = p.account_id join ledger_entries e on e.id = p.entry_id
          where e.kind = 'tip' and e.order_id = ${order.id} group by a.purpose order by a.purpose`,
    );
    expect(tipEntries).toEqual([
      { purpose: 'customerWallet', amount: '-700' },
      { purpose: 'tips', amount: '700' },
    ]);
    for (const token of [customer.token, therapist.token]) {
      const seen = (await call(app, { method: 'GET', url: `/app/orders/${order.id}/tips`, token })).json()
        .data;
      expect(seen.paidTotal).toBe(700);
      expect(seen.tips.map((t: { amount: number }) => t.amount)).toEqual([500, 200]);
    }
    const customerView = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}/tips`, token: customer.token })
    ).json().data;
    expect(customerView).toMatchObject({ canTip: true, presets: [100, 200, 500] });
    const providerView = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}/tips`, token: therapist.token })
    ).json().data;
    expect(providerView).toMatchObject({ canTip: false, presets: [] });
  });

  it('a QR tip is paid when the provider confirms, applied once however often the webhook comes', async () => {
    const { customer, order, therapist } = await completedOrder();
    const started = (await tip(order.id, customer.token, { amount: 200, method: 'khqr' })).json().data;
    expect(started.tip.status).toBe('pending');
    expect(started.attempt).toMatchObject({ purpose: 'tip', status: 'pending', amount: 200 });
    expect(started.attempt.payload).not.toBe('');
    expect(await balanceOf('tips', therapist.therapistId)).toBe(0);
    expect(await simulatePaid(started.attempt.id)).toBe('applied');
    const reference = (
      await queryRows<{ ref: string }>(
        database.db,
        sql`select provider_reference as ref from payment_attempts where id = ${started.attempt.id}`,
      )
    )[0]?.ref as string;
    expect((await webhook(reference, `sbx_evt_${started.attempt.id}`)).json().data.outcome).toBe('replayed');
    expect((await webhook(reference, 'another-event')).json().data.outcome).toBe('replayed');
    expect(await balanceOf('tips', therapist.therapistId)).toBe(200);
    const polled = await call(app, {
      method: 'GET',
      url: `/app/payments/attempts/${started.attempt.id}`,
      token: customer.token,
    });
    expect(polled.json().data.status).toBe('succeeded');
    const stranger = await registerUser(app);
    const peek = await call(app, {
      method: 'GET',
      url: `/app/payments/attempts/${started.attempt.id}`,
      token: stranger.token,
    });
    expect(peek.json().code).toBe(CODE('notFound'));
  });
});

const topUp = (token: string, payload: unknown, headers: Record<string, string> = key()) =>
  call(app, { method: 'POST', url: '/app/wallet/top-ups', token, headers, payload: payload as object });

describe('wallet top-ups', () => {
  it('refuses amounts outside the limits, fractions, the wallet and cash, and unknown currencies', async () => {
    const customer = await registerUser(app);
    for (const amount of [-500, 0, 500.5, '1000'])
      expect((await topUp(customer.token, { amount, currency: 'USD', method: 'khqr' })).json().code).toBe(
        CODE('validationFailed'),
      );
    for (const method of ['wallet', 'cash'])
      expect((await topUp(customer.token, { amount: 1000, currency: 'USD', method })).json().code).toBe(
        CODE('validationFailed'),
      );
    const below = await topUp(customer.token, { amount: 499, currency: 'USD', method: 'khqr' });
    expect(below.json().code).toBe(CODE('topUpAmountOutOfRange'));
    expect(below.json().msg).toContain('5.00 USD');
    expect(
      (await topUp(customer.token, { amount: 50_001, currency: 'USD', method: 'khqr' })).json().code,
    ).toBe(CODE('topUpAmountOutOfRange'));
    expect((await topUp(customer.token, { amount: 1000, currency: 'EUR', method: 'card' })).json().code).toBe(
      CODE('topUpCurrencyUnsupported'),
    );
    // PromptPay takes baht only.
    expect(
      (await topUp(customer.token, { amount: 1000, currency: 'USD', method: 'promptpay' })).json().code,
    ).toBe(CODE('paymentMethodUnavailable'));
    const options = await call(app, {
      method: 'GET',
      url: '/app/wallet/top-ups/options?currency=USD',
      token: customer.token,
    });
    expect(options.json().data).toMatchObject({
      minAmount: 500,
      maxAmount: 50_000,
      methods: ['khqr', 'card'],
    });
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(0);
  });

  it("follows the city's own limits when the customer names their city", async () => {
    const { city } = await placeOf(database);
    await database.db.execute(
      sql`insert into payment_city_settings (city_id, settings) values (${city.id}, '{"topUpMinAmount": 2000}'::jsonb)
          on conflict (city_id) do update set settings = excluded.settings`,
    );
    const customer = await registerUser(app);
    const payload = { amount: 1000, currency: 'USD', method: 'khqr', cityId: city.id };
    expect((await topUp(customer.token, payload)).json().code).toBe(CODE('topUpAmountOutOfRange'));
    expect((await topUp(customer.token, { ...payload, amount: 2000 })).json().code).toBe(0);
    await database.db.execute(sql`delete from payment_city_settings where city_id = ${city.id}`);
  });

  it('credits the wallet once when the webhook confirms, however often it comes', async () => {
    const customer = await registerUser(app);
    const started = await topUp(customer.token, { amount: 2_500, currency: 'USD', method: 'khqr' });
    const { topUp: row, attempt } = started.json().data;
    expect(row.status).toBe('pending');
    expect(attempt).toMatchObject({ purpose: 'topUp', subjectId: row.id, orderId: null, amount: 2_500 });
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(0);
    expect(await simulatePaid(attempt.id)).toBe('applied');
    const reference = (
      await queryRows<{ ref: string }>(
        database.db,
        sql`select provider_reference as ref from payment_attempts where id = ${attempt.id}`,
      )
    )[0]?.ref as string;
    expect((await webhook(reference, `sbx_evt_${attempt.id}`)).json().data.outcome).toBe('replayed');
    expect((await webhook(reference, 'a-second-event-for-the-same-payment')).json().data.outcome).toBe(
      'replayed',
    );
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(2_500);
    const polled = await call(app, {
      method: 'GET',
      url: `/app/wallet/top-ups/${row.id}`,
      token: customer.token,
    });
    expect(polled.json().data.topUp.status).toBe('paid');
    expect(polled.json().data.attempt.status).toBe('succeeded');
    const wallet = await call(app, { method: 'GET', url: '/app/wallet', token: customer.token });
    expect(wallet.json().data.balances).toEqual([{ currency: 'USD', amount: 2_500 }]);
    const stranger = await registerUser(app);
    const peek = await call(app, {
      method: 'GET',
      url: `/app/wallet/top-ups/${row.id}`,
      token: stranger.token,
    });
    expect(peek.json().code).toBe(CODE('notFound'));
  });
});

/** Per order: what came into the escrow and where it went, from the ledger. */
async function moneyOf(orderId: number) {
  const rows = await queryRows<{ purpose: string; kind: string; amount: string }>(
    database.db,
    sql`select a.purpose, e.kind, sum(p.amount)::text as amount
        from ledger_postings p join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.order_id = ${orderId} group by a.purpose, e.kind`,
  );
  const of = (purpose: string, kinds: string[]) =>
    rows
      .filter((row) => row.purpose === purpose && kinds.includes(row.kind))
      .reduce((total, row) => total + Number(row.amount), 0);
  const settled = ['orderCompletion', 'orderCancellationSettlement', 'orderExtrasReturn'];
  return {
    paid: of('orderEscrow', ['orderPayment', 'orderExtraPayment']),
    escrow: of('orderEscrow', [...settled, 'orderPayment', 'orderExtraPayment']),
    provider: of('providerEarnings', settled),
    platform: of('platformRevenue', settled),
    vat: of('vatPayable', settled),
    refunded: of('customerWallet', settled) + of('railClearing', settled),
  };
}

describe("an order's extra payments", () => {
  it('extra clocks are paid into the escrow and completion settles the whole of it on the final figures', async () => {
    const booked = await paidByWallet();
    const { customer, therapist, order } = booked;
    for (const transition of ['accept', 'depart', 'arrive', 'start'])
      expect((await step(order.id, transition, therapist.token)).code).toBe(0);
    const extras = async () =>
      (
        await call(app, { method: 'GET', url: `/app/orders/${order.id}/extras`, token: customer.token })
      ).json();
    const payExtras = (method: string, token = customer.token) =>
      call(app, {
        method: 'POST',
        url: `/app/orders/${order.id}/extras/payments`,
        token,
        headers: key(),
        payload: { method },
      });
    expect((await extras()).data).toMatchObject({ charged: 0, due: 0 });
    expect((await payExtras('wallet')).json().code).toBe(CODE('nothingDueOnOrder'));
    const added = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/extra-clocks`,
      token: customer.token,
      payload: { count: 2 },
    });
    expect(added.json().code).toBe(0);
    // Two extra units of $10 with 10 % VAT.
    expect((await extras()).data).toEqual({ currency: 'USD', charged: 2_200, paid: 0, due: 2_200 });
    const stranger = await registerUser(app);
    expect((await payExtras('wallet', stranger.token)).json().code).toBe(CODE('notFound'));
    expect((await payExtras('cash')).json().code).toBe(CODE('paymentMethodNotForPurpose'));
    // Paid by QR: pending until the provider confirms.
    const qr = (await payExtras('khqr')).json().data;
    expect(qr).toMatchObject({
      purpose: 'orderExtra',
      subjectId: order.id,
      amount: 2_200,
      status: 'pending',
    });
    // Meanwhile the customer pays the same due from the wallet: the QR's late money goes to the wallet.
    await fundWallet(database, clock, customer.user.id, 2_200);
    const byWallet = (await payExtras('wallet')).json();
    expect(byWallet.data?.status, JSON.stringify(byWallet)).toBe('succeeded');
    expect((await extras()).data).toMatchObject({ paid: 2_200, due: 0 });
    expect(await simulatePaid(qr.id)).toBe('credited');
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(2_200);
    for (const transition of ['end'])
      expect((await step(order.id, transition, therapist.token)).code).toBe(0);
    expect((await step(order.id, 'review', customer.token)).code).toBe(0);
    await app.outbox.dispatchPending();
    await app.outbox.dispatchPending();
    const detail = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}`, token: customer.token })
    ).json().data;
    const q = detail.quote;
    const service = q.service + 2_000;
    const money = await moneyOf(order.id);
    expect(money).toEqual({
      paid: order.payable + 2_200,
      escrow: 0,
      provider: service - Math.round(service * 0.2) + q.travelFee,
      platform: Math.round(service * 0.2) + q.managementFee,
      vat: q.vat + 200,
      refunded: 0,
    });
    expect(money.provider + money.platform + money.vat).toBe(money.paid);
  });

  it('dearer projects are paid into the escrow, each from the last, and a cancellation gives every payment back', async () => {
    const { city } = await placeOf(database);
    const dearer = await createProject(database, city.id);
    await database.db.execute(
      sql`update service_projects set price = 3000, member_price = 3000 where id = ${dearer.id}`,
    );
    const booked = await paidByWallet();
    const { customer, therapist, order } = booked;
    await database.db
      .insert(therapistProjects)
      .values({ therapistId: therapist.therapistId, projectId: dearer.id });
    expect((await step(order.id, 'accept', therapist.token)).code).toBe(0);
    const changed = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/project`,
      token: customer.token,
      payload: { projectId: dearer.id },
    });
    expect(changed.json().code).toBe(0);
    const due = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}/extras`, token: customer.token })
    ).json().data.due;
    // $10 more service, VAT on it (the management fee is fixed here): $11.
    expect(due).toBe(1_100);
    const attempt = (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${order.id}/extras/payments`,
        token: customer.token,
        headers: key(),
        payload: { method: 'khqr' },
      })
    ).json().data;
    expect(await simulatePaid(attempt.id)).toBe('applied');
    // A second, dearer change is charged from the first one, not from the booked project.
    const dearest = await createProject(database, city.id);
    await database.db.execute(
      sql`update service_projects set price = 4000, member_price = 4000 where id = ${dearest.id}`,
    );
    await database.db
      .insert(therapistProjects)
      .values({ therapistId: therapist.therapistId, projectId: dearest.id });
    const again = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/project`,
      token: customer.token,
      payload: { projectId: dearest.id },
    });
    expect(again.json().code).toBe(0);
    const extras = (
      await call(app, { method: 'GET', url: `/app/orders/${order.id}/extras`, token: customer.token })
    ).json().data;
    expect(extras).toEqual({ currency: 'USD', charged: 2_200, paid: 1_100, due: 1_100 });
    await fundWallet(database, clock, customer.user.id, 1_100);
    const byWallet = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/extras/payments`,
      token: customer.token,
      headers: key(),
      payload: { method: 'wallet' },
    });
    expect(byWallet.json().data).toMatchObject({ status: 'succeeded', amount: 1_100 });
    const refundsBefore = khqr.refundCount();
    const cancelled = await step(order.id, 'cancel', customer.token);
    expect(cancelled.data.status).toBe('refunding');
    await app.outbox.dispatchPending();
    const money = await moneyOf(order.id);
    expect(money.paid).toBe(order.payable + 2_200);
    expect(money.escrow).toBe(0);
    // Each extra went back in full the way it came (QR by the provider, wallet at once); the
    // first payment less what was kept.
    expect(khqr.refundCount()).toBe(refundsBefore + 1);
    expect(money.refunded).toBe(cancelled.data.settlement.refund + 2_200);
    expect(await balanceOf('customerWallet', customer.user.id)).toBe(
      cancelled.data.settlement.refund + 1_100,
    );
    expect(money.refunded + money.provider + money.platform + money.vat).toBe(money.paid);
    // The shared per-order invariant (decision 042) sees the extras too.
    await expectOrderMoneyBalanced(database, order.id);
  });
});
