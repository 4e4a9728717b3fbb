import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { homeVisitBody, quoteHomeVisit } from '../../../test/coupon-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { fundWallet, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });
const DAY_MS = 24 * 60 * 60_000;
let cityId = 0;

const setOnSale = (isOpen: boolean) =>
  database.db.execute(
    sql`insert into app_configs (type, value) values (3099, ${JSON.stringify({ isOpen, link: '/my/vip' })})
        on conflict (type) do update set value = excluded.value`,
  );

beforeAll(async () => {
  cityId = (await placeOf(database)).city.id;
  // $35 in this city, VAT 10 % included in it.
  await database.db.execute(
    sql`insert into vip_city_settings (city_id, settings) values (${cityId}, '{"price": 3500}'::jsonb)`,
  );
  await database.db.execute(
    sql`insert into city_booking_settings (city_id, settings) values (${cityId}, '{"vatBasisPoints": 1000}'::jsonb)
        on conflict (city_id) do update set settings = excluded.settings`,
  );
  await setOnSale(true);
});

const buy = (token: string, key = `vip-${Math.random()}`) =>
  call(app, {
    method: 'POST',
    url: '/app/vip/purchases',
    token,
    headers: { 'idempotency-key': key },
    payload: { cityId },
  });
const offerOf = async (token: string) =>
  (await call(app, { method: 'GET', url: `/app/vip?cityId=${cityId}`, token })).json().data;
const walletOf = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/wallet', token })).json().data.balances;
const vipLevelOf = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/user/selectUserById', token })).json().data.vipLevel;

describe('the VIP annual card', () => {
  it("is offered at the city's price while the 3099 switch is on", async () => {
    const customer = await registerUser(app);
    expect(await offerOf(customer.token)).toMatchObject({
      isOpen: true,
      price: 3500,
      currency: 'USD',
      days: 365,
      isMember: false,
      endsAt: null,
      nextEndsAt: new Date(BOOKING_NOW.getTime() + 365 * DAY_MS).toISOString(),
    });
  });

  it('bought from the wallet: one entry wallet → revenue and VAT, a year of membership, vipLevel 1', async () => {
    const customer = await registerUser(app);
    await fundWallet(database, clock, customer.user.id, 5000);
    expect(await vipLevelOf(customer.token)).toBe(0);
    const key = `vip-${customer.user.id}`;
    const bought = await buy(customer.token, key);
    expect(bought.json().code).toBe(0);
    expect(bought.json().data).toMatchObject({
      price: 3500,
      currency: 'USD',
      endsAt: new Date(BOOKING_NOW.getTime() + 365 * DAY_MS).toISOString(),
    });
    // The same request again (a retry) buys nothing more.
    expect((await buy(customer.token, key)).json().data).toEqual(bought.json().data);
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 1500 }]);
    const lines = await queryRows<{ purpose: string; amount: string }>(
      database.db,
      sql`select a.purpose, p.amount::text as amount from ledger_postings p
          join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
          where e.kind = 'vipPurchase' and e.actor_user_id = ${customer.user.id} order by a.purpose`,
    );
    // 3500 with 10 % VAT inside: 318 VAT, 3182 revenue.
    expect(lines).toEqual([
      { purpose: 'customerWallet', amount: '-3500' },
      { purpose: 'platformRevenue', amount: '3182' },
      { purpose: 'vatPayable', amount: '318' },
    ]);
    expect(await offerOf(customer.token)).toMatchObject({
      isMember: true,
      endsAt: bought.json().data.endsAt,
    });
    expect(await vipLevelOf(customer.token)).toBe(1);
  });

  it('renewed early, extends from the current end, not from today', async () => {
    const customer = await registerUser(app);
    await fundWallet(database, clock, customer.user.id, 7000);
    const first = (await buy(customer.token)).json().data;
    const second = (await buy(customer.token)).json().data;
    expect(Date.parse(second.endsAt)).toBe(Date.parse(first.endsAt) + 365 * DAY_MS);
    expect(await offerOf(customer.token)).toMatchObject({
      endsAt: second.endsAt,
      nextEndsAt: new Date(Date.parse(second.endsAt) + 365 * DAY_MS).toISOString(),
    });
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 0 }]);
  });

  it('bought twice at once, chains the two years instead of overlapping them', async () => {
    const customer = await registerUser(app);
    await fundWallet(database, clock, customer.user.id, 7000);
    const answers = await Promise.all([buy(customer.token), buy(customer.token)]);
    expect(answers.map((answer) => answer.json().code)).toEqual([0, 0]);
    const ends = answers.map((answer) => Date.parse(answer.json().data.endsAt)).sort();
    expect(ends).toEqual([BOOKING_NOW.getTime() + 365 * DAY_MS, BOOKING_NOW.getTime() + 730 * DAY_MS]);
  });

  it('is refused while the switch is off, and nothing moves', async () => {
    const customer = await registerUser(app);
    await fundWallet(database, clock, customer.user.id, 5000);
    await setOnSale(false);
    try {
      const refused = await buy(customer.token);
      expect(refused.json().code).toBe(ERROR_CODES.vipNotOnSale.code);
      expect((await offerOf(customer.token)).isOpen).toBe(false);
    } finally {
      await setOnSale(true);
    }
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 5000 }]);
    expect((await offerOf(customer.token)).isMember).toBe(false);
  });

  it('is refused for a short wallet, and nothing moves', async () => {
    const customer = await registerUser(app);
    await fundWallet(database, clock, customer.user.id, 3499);
    const refused = await buy(customer.token);
    expect(refused.json().code).toBe(ERROR_CODES.insufficientBalance.code);
    expect(await walletOf(customer.token)).toEqual([{ currency: 'USD', amount: 3499 }]);
    const [memberships] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from vip_memberships where user_id = ${customer.user.id}`,
    );
    expect(memberships?.n).toBe(0);
    const [entries] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_entries where kind = 'vipPurchase' and actor_user_id = ${customer.user.id}`,
    );
    expect(entries?.n).toBe(0);
  });

  it("gives member prices in the booking quote once bought, and not after the year's end", async () => {
    const customer = await registerUser(app);
    const { body } = await homeVisitBody(app, database, customer);
    const before = (await quoteHomeVisit(app, customer.token, body)).json().data;
    expect(before.unitPrice).toBe(2000);
    await fundWallet(database, clock, customer.user.id, 3500);
    expect((await buy(customer.token)).json().code).toBe(0);
    const after = (await quoteHomeVisit(app, customer.token, body)).json().data;
    expect(after.unitPrice).toBe(1600);
    // A membership that has ended gives nothing: membership is its rows' windows, not a flag.
    await database.db.execute(
      sql`update vip_memberships set starts_at = starts_at - interval '400 days', ends_at = ends_at - interval '400 days' where user_id = ${customer.user.id}`,
    );
    expect((await quoteHomeVisit(app, customer.token, body)).json().data.unitPrice).toBe(2000);
  });
});
