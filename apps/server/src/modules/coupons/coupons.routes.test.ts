import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBody, BOOKING_NOW, createStore } from '../../../test/booking-fixtures';
import {
  bookHomeVisit,
  couponBatch,
  couponOf,
  homeVisitBody,
  quoteHomeVisit,
  redeem,
} from '../../../test/coupon-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { fundWallet, payOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

beforeAll(async () => {
  const { city } = await placeOf(database);
  // Fees that make every share visible in the completion entry: $3 management fee, 10 % VAT.
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${city.id},
      '{"managementFeeFixed": 300, "vatBasisPoints": 1000}'::jsonb)`,
  );
});

const codeOf = (response: { json: () => { code: number } }) => response.json().code;
const listOf = async (token: string, status: string, extra = '') =>
  (await call(app, { method: 'GET', url: `/app/coupons?status=${status}${extra}`, token })).json().data;

describe('redeem-code batches', () => {
  it('are made by staff only, answer the codes once and keep only their hashes', async () => {
    const customer = await registerUser(app);
    const refused = await call(app, {
      method: 'POST',
      url: '/app/staff/coupon-batches',
      token: customer.token,
      headers: { 'idempotency-key': 'customer-batch' },
      payload: {},
    });
    expect(codeOf(refused)).toBe(ERROR_CODES.forbidden.code);

    const codes = await couponBatch(app, database, { count: 5 });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    const stored = await queryRows<{ code_hash: string }>(
      database.db,
      sql`select code_hash from coupon_codes order by code_hash`,
    );
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    const [batch] = await queryRows<{ reason: string; created_by: number }>(
      database.db,
      sql`select reason, created_by from coupon_batches order by id desc limit 1`,
    );
    expect(batch?.reason).toBe('Launch campaign');
    expect(batch?.created_by).toBeGreaterThan(0);
  });
});

describe('redeeming a code', () => {
  it('gives the caller an unused coupon, and the same coupon again on a retry', async () => {
    const customer = await registerUser(app);
    const [code] = await couponBatch(app, database, { minimumAmount: 1000 });
    const first = await redeem(
      app,
      customer.token,
      `${(code as string).slice(0, 4)}-${(code as string).slice(4).toLowerCase()}`,
    );
    expect(codeOf(first)).toBe(0);
    expect(first.json().data).toMatchObject({
      kind: 'amount',
      amount: 500,
      currency: 'USD',
      status: 'unused',
      minimumAmount: 1000,
    });
    const again = await redeem(app, customer.token, code as string);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await listOf(customer.token, 'unused')).total).toBe(1);
  });

  it('refuses a wrong code, a code someone else redeemed and a code whose batch ended, each with its own error', async () => {
    const [owner, other] = [await registerUser(app), await registerUser(app)];
    expect(codeOf(await redeem(app, owner.token, 'AAAABBBBCCCCDDDD'))).toBe(
      ERROR_CODES.couponCodeInvalid.code,
    );
    const [code] = await couponBatch(app, database);
    expect(codeOf(await redeem(app, owner.token, code as string))).toBe(0);
    const taken = await redeem(app, other.token, code as string);
    expect(codeOf(taken)).toBe(ERROR_CODES.couponCodeUsed.code);
    expect(taken.json().msg).toBe('This code has already been used.');
    const [ended] = await couponBatch(app, database, {
      validFrom: '2026-10-01T00:00:00Z',
      validUntil: '2026-11-01T00:00:00Z',
    });
    const expired = await call(app, {
      method: 'POST',
      url: '/app/coupons/redeem',
      token: other.token,
      headers: { 'idempotency-key': `th-${Math.random()}`, lang: 'th' },
      payload: { code: ended },
    });
    expect(codeOf(expired)).toBe(ERROR_CODES.couponExpired.code);
    expect(expired.json().msg).toBe('คูปองนี้หมดอายุแล้ว');
  });

  it('lets exactly one of many users racing for one code have it', async () => {
    const [code] = await couponBatch(app, database);
    const racers = await Promise.all(Array.from({ length: 6 }, () => registerUser(app)));
    const answers = await Promise.all(racers.map((racer) => redeem(app, racer.token, code as string)));
    const codes = answers.map(codeOf);
    expect(codes.filter((value) => value === 0)).toHaveLength(1);
    expect(codes.filter((value) => value === ERROR_CODES.couponCodeUsed.code)).toHaveLength(5);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from coupons c join coupon_codes k on k.code_hash = c.code_hash join coupon_batches b on b.id = k.batch_id where b.id = (select max(id) from coupon_batches)`,
    );
    expect(count?.n).toBe(1);
  });

  it('is rate-limited per user, whatever address the guesses come from', async () => {
    const guesser = await registerUser(app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push(codeOf(await redeem(app, guesser.token, `WRONGCODE${i}`)));
    expect(codes.slice(0, 10).every((value) => value === ERROR_CODES.couponCodeInvalid.code)).toBe(true);
    expect(codes[10]).toBe(ERROR_CODES.rateLimited.code);
  });

  it('is rate-limited per address, whichever accounts guess from it', async () => {
    const ip = '10.77.77.77';
    // Four accounts, each under its own limit of ten: only the address's limit of thirty can stop them.
    const guessers = await Promise.all(Array.from({ length: 4 }, () => registerUser(app)));
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const token = (guessers[i % 4] as (typeof guessers)[number]).token;
      const response = await app.inject({
        method: 'POST',
        url: '/app/coupons/redeem',
        remoteAddress: ip,
        headers: { token, 'idempotency-key': `ip-${i}` },
        payload: { code: `WRONGCODE${i}` },
      });
      codes.push(codeOf(response));
    }
    expect(codes.slice(0, 30).every((value) => value === ERROR_CODES.couponCodeInvalid.code)).toBe(true);
    expect(codes[30]).toBe(ERROR_CODES.rateLimited.code);
  });
});

describe('my coupons', () => {
  it('lists unused, used and expired (derived from the window) a page at a time, only mine', async () => {
    const [me, other] = [await registerUser(app), await registerUser(app)];
    for (let i = 0; i < 3; i += 1) await couponOf(app, database, me);
    await couponOf(app, database, other);
    const expiredId = await couponOf(app, database, me, {
      validFrom: '2026-11-01T00:00:00Z',
      validUntil: '2026-12-01T00:00:00Z',
    });
    const firstPage = await listOf(me.token, 'unused', '&page=1&pageSize=2');
    expect(firstPage).toMatchObject({ total: 4, page: 1, pageSize: 2, hasMore: true });
    expect(firstPage.items).toHaveLength(2);
    // The soonest to end comes first: the one that will expire.
    expect(firstPage.items[0].id).toBe(expiredId);
    const secondPage = await listOf(me.token, 'unused', '&page=2&pageSize=2');
    expect(secondPage.items).toHaveLength(2);
    expect(secondPage.hasMore).toBe(false);
    expect((await listOf(me.token, 'used')).total).toBe(0);
    // The window ends while the coupon sits unused: it reads as expired without a status write.
    await database.db.execute(
      sql`update coupons set valid_until = ${new Date(BOOKING_NOW.getTime() - 1000).toISOString()}::timestamptz where id = ${expiredId}`,
    );
    const expired = await listOf(me.token, 'expired');
    expect(expired.items.map((coupon: { id: number; status: string }) => [coupon.id, coupon.status])).toEqual(
      [[expiredId, 'expired']],
    );
    expect((await listOf(me.token, 'unused')).total).toBe(3);
    const [stored] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from coupons where id = ${expiredId}`,
    );
    expect(stored?.status).toBe('unused');
  });
});

describe('a coupon on a booking', () => {
  it("shows as the quote's coupon line and is used by the order it was booked with", async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { amount: 700 });
    const { body } = await homeVisitBody(app, database, customer);
    const plain = (await quoteHomeVisit(app, customer.token, body)).json().data;
    const quoted = (await quoteHomeVisit(app, customer.token, { ...body, couponId })).json().data;
    expect(quoted.coupon).toBe(700);
    expect(quoted.total).toBe(plain.total);
    expect(quoted.payable).toBe(plain.total - 700);
    // A quote writes nothing: the coupon is still unused.
    expect((await listOf(customer.token, 'unused')).items[0].status).toBe('unused');
    const booked = await bookHomeVisit(app, customer.token, { ...body, couponId });
    expect(codeOf(booked)).toBe(0);
    expect(booked.json().data.quote.coupon).toBe(700);
    expect(booked.json().data.payable).toBe(plain.total - 700);
    const used = await listOf(customer.token, 'used');
    expect(used.items.map((c: { id: number; orderId: number }) => [c.id, c.orderId])).toEqual([
      [couponId, booked.json().data.id],
    ]);
  });

  it('applies to a store visit too, and the store order uses it', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { amount: 250 });
    const { city, project } = await placeOf(database);
    const store = await createStore(database, city.id, project.id);
    const body = {
      storeId: store.id,
      projectId: project.id,
      clocks: 1,
      // 25 November 2026, 11:00 in Phnom Penh, inside the store's hours.
      startsAt: new Date(Date.UTC(2026, 10, 25, 4, 0)).toISOString(),
      remark: '',
      agreeTerms: true,
    };
    const quote = (payload: Record<string, unknown>) =>
      call(app, { method: 'POST', url: '/app/orders/in-store/quote', token: customer.token, payload });
    const plain = (await quote(body)).json().data;
    const quoted = (await quote({ ...body, couponId })).json().data;
    expect(quoted).toMatchObject({ coupon: 250, total: plain.total, payable: plain.total - 250 });
    const booked = await call(app, {
      method: 'POST',
      url: '/app/orders/in-store',
      token: customer.token,
      payload: { ...body, couponId },
    });
    expect(codeOf(booked)).toBe(0);
    expect((await listOf(customer.token, 'used')).items[0].orderId).toBe(booked.json().data.id);
  });

  it('takes a percentage, capped, and never more than the total', async () => {
    const customer = await registerUser(app);
    const { body } = await homeVisitBody(app, database, customer);
    const plain = (await quoteHomeVisit(app, customer.token, body)).json().data;
    const tenPercent = await couponOf(app, database, customer, {
      kind: 'percent',
      amount: 0,
      percentBasisPoints: 1000,
    });
    expect(
      (await quoteHomeVisit(app, customer.token, { ...body, couponId: tenPercent })).json().data.coupon,
    ).toBe(Math.round(plain.total / 10));
    const capped = await couponOf(app, database, customer, {
      kind: 'percent',
      amount: 0,
      percentBasisPoints: 5000,
      capAmount: 300,
    });
    expect(
      (await quoteHomeVisit(app, customer.token, { ...body, couponId: capped })).json().data.coupon,
    ).toBe(300);
    const huge = await couponOf(app, database, customer, { amount: 1_000_000 });
    const all = (await quoteHomeVisit(app, customer.token, { ...body, couponId: huge })).json().data;
    expect(all).toMatchObject({ coupon: plain.total, payable: 0 });
  });

  it('refuses an expired coupon', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer);
    await database.db.execute(
      sql`update coupons set valid_until = ${new Date(BOOKING_NOW.getTime() - 1).toISOString()}::timestamptz where id = ${couponId}`,
    );
    const { body } = await homeVisitBody(app, database, customer);
    expect(codeOf(await quoteHomeVisit(app, customer.token, { ...body, couponId }))).toBe(
      ERROR_CODES.couponExpired.code,
    );
    expect(codeOf(await bookHomeVisit(app, customer.token, { ...body, couponId }))).toBe(
      ERROR_CODES.couponExpired.code,
    );
  });

  it("refuses someone else's coupon as if it did not exist", async () => {
    const [owner, thief] = [await registerUser(app), await registerUser(app)];
    const couponId = await couponOf(app, database, owner);
    const { body } = await homeVisitBody(app, database, thief);
    const refused = await bookHomeVisit(app, thief.token, { ...body, couponId });
    expect(codeOf(refused)).toBe(ERROR_CODES.couponNotFound.code);
    expect((await listOf(owner.token, 'unused')).items[0].id).toBe(couponId);
  });

  it('refuses an order below the minimum and names the minimum', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { minimumAmount: 100_000 });
    const { body } = await homeVisitBody(app, database, customer);
    const refused = await quoteHomeVisit(app, customer.token, { ...body, couponId });
    expect(codeOf(refused)).toBe(ERROR_CODES.couponBelowMinimum.code);
    expect(refused.json().msg).toContain('1000.00 USD');
  });

  it('refuses a coupon in another currency', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { currency: 'THB' });
    const { body } = await homeVisitBody(app, database, customer);
    expect(codeOf(await bookHomeVisit(app, customer.token, { ...body, couponId }))).toBe(
      ERROR_CODES.couponCurrencyMismatch.code,
    );
  });

  it('refuses a coupon already used by another order, and that booking writes nothing', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer);
    const first = await homeVisitBody(app, database, customer);
    expect(codeOf(await bookHomeVisit(app, customer.token, { ...first.body, couponId }))).toBe(0);
    const second = await homeVisitBody(app, database, customer);
    const refused = await bookHomeVisit(app, customer.token, { ...second.body, couponId });
    expect(codeOf(refused)).toBe(ERROR_CODES.couponAlreadyUsed.code);
    const [orders] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where therapist_id = ${second.therapist.therapistId}`,
    );
    expect(orders?.n).toBe(0);
  });

  it('lets one of two orders racing for one coupon have it', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer);
    const [a, b] = [
      await homeVisitBody(app, database, customer),
      await homeVisitBody(app, database, customer),
    ];
    const answers = await Promise.all([
      bookHomeVisit(app, customer.token, { ...a.body, couponId }),
      bookHomeVisit(app, customer.token, { ...b.body, couponId }),
    ]);
    expect(answers.map(codeOf).sort()).toEqual([0, ERROR_CODES.couponAlreadyUsed.code]);
  });

  it('comes back unused when the order is cancelled, and moves no wallet money doing so', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { amount: 400 });
    const { body } = await homeVisitBody(app, database, customer);
    const order = (await bookHomeVisit(app, customer.token, { ...body, couponId })).json().data;
    await fundWallet(database, clock, customer.user.id, order.payable);
    expect(codeOf(await payOrder(app, customer.token, order.id, 'wallet'))).toBe(0);
    const walletPostings = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.owner_kind = 'user' and a.owner_id = ${customer.user.id}`,
        )
      )[0]?.n;
    const cancelled = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/transitions`,
      token: customer.token,
      payload: { transition: 'cancel' },
    });
    expect(cancelled.json().data.status).toBe('refunding');
    // Only the coupon's return runs: the order's money is settled by its own subscriber.
    const before = await walletPostings();
    const { createCouponsModule } = await import('.');
    const coupons = createCouponsModule({ db: database.db, clock });
    await coupons.subscriptions?.[0]?.handle({
      id: 0,
      aggregateType: 'order',
      aggregateId: String(order.id),
      eventType: 'order.statusChanged',
      payload: { orderId: order.id, to: 'refunding' },
      topics: [],
      createdAt: BOOKING_NOW,
      deliveredOnCommit: false,
    });
    expect(await walletPostings()).toBe(before);
    const unused = await listOf(customer.token, 'unused');
    expect(unused.items.map((c: { id: number; orderId: number | null }) => [c.id, c.orderId])).toEqual([
      [couponId, null],
    ]);
    // And through the real outbox, with the settlement: the wallet gets the refund, the coupon stays unused.
    await app.outbox.dispatchPending();
    expect((await listOf(customer.token, 'unused')).items[0].id).toBe(couponId);
    expect((await listOf(customer.token, 'used')).total).toBe(0);
  });

  it('comes back when an unpaid order expires', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer);
    const { body } = await homeVisitBody(app, database, customer);
    const order = (await bookHomeVisit(app, customer.token, { ...body, couponId })).json().data;
    await app.outbox.add(database.db, {
      aggregateType: 'order',
      aggregateId: order.id,
      eventType: 'order.statusChanged',
      payload: { orderId: order.id, to: 'expired' },
    });
    await app.outbox.dispatchPending();
    expect((await listOf(customer.token, 'unused')).items.map((c: { id: number }) => c.id)).toEqual([
      couponId,
    ]);
  });
});

describe("a coupon's money", () => {
  it('is booked from coupon expense on completion; the provider is paid on the undiscounted service price', async () => {
    const customer = await registerUser(app);
    const couponId = await couponOf(app, database, customer, { amount: 600 });
    const { body, therapist } = await homeVisitBody(app, database, customer);
    const order = (await bookHomeVisit(app, customer.token, { ...body, couponId })).json().data;
    await fundWallet(database, clock, customer.user.id, order.payable);
    expect(codeOf(await payOrder(app, customer.token, order.id, 'wallet'))).toBe(0);
    const step = async (transition: string, token: string, extra: Record<string, unknown> = {}) =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/orders/${order.id}/transitions`,
          token,
          payload: { transition, ...extra },
        })
      ).json().code;
    expect(await step('accept', therapist.token)).toBe(0);
    expect(await step('depart', therapist.token)).toBe(0);
    expect(
      await step('arrive', therapist.token, { position: { lat: addressBody().lat, lng: addressBody().lng } }),
    ).toBe(0);
    expect(await step('start', therapist.token)).toBe(0);
    expect(await step('end', therapist.token, { reason: 'The customer asked to stop early' })).toBe(0);
    expect(await step('review', customer.token)).toBe(0);
    await app.outbox.dispatchPending();
    await app.outbox.dispatchPending();
    const q = order.quote;
    expect(q.vat).toBeGreaterThan(0);
    expect(q.managementFee).toBeGreaterThan(0);
    const rows = await queryRows<{ purpose: string; amount: string }>(
      database.db,
      sql`select a.purpose, sum(p.amount)::text as amount
          from ledger_postings p join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
          where e.order_id = ${order.id} and e.kind = 'orderCompletion' group by a.purpose`,
    );
    const of = (purpose: string) => Number(rows.find((row) => row.purpose === purpose)?.amount ?? 0);
    const share = Math.round(q.service * 0.2);
    expect(of('couponExpense')).toBe(-600);
    expect(of('orderEscrow')).toBe(-(q.total - 600));
    expect(of('providerEarnings')).toBe(q.service - share + q.travelFee);
    expect(of('platformRevenue')).toBe(share + q.managementFee);
    expect(of('vatPayable')).toBe(q.vat);
    // The coupon stays used by the completed order.
    expect((await listOf(customer.token, 'used')).items.map((c: { id: number }) => c.id)).toContain(couponId);
  });
});
