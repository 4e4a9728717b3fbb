import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW, createTherapist } from '../../../test/booking-fixtures';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, placeOf } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { type Database, queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createLedgerModule } from '../ledger';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });
const { ledger } = createLedgerModule({ db: database.db, clock }).api;

const therapistRef = (therapistId: number, purpose: AccountRef['purpose']): AccountRef => ({
  ownerKind: 'therapist',
  ownerId: therapistId,
  purpose,
  currency: 'USD',
});

/** Books earnings (or tips) for a therapist as an order's completion would: card clearing → earnings. */
async function credit(
  therapistId: number,
  amount: number,
  options: { purpose?: 'providerEarnings' | 'tips'; orderId?: number; kind?: string } = {},
) {
  await database.db.transaction((tx) =>
    ledger.post(tx as unknown as Database['db'], {
      eventKey: `test-earnings:${therapistId}:${Math.random()}`,
      kind: options.kind ?? 'orderCompletion',
      ...(options.orderId ? { orderId: options.orderId } : {}),
      lines: [
        {
          account: {
            ownerKind: 'platform',
            ownerId: 0,
            purpose: 'railClearing',
            rail: 'card',
            currency: 'USD',
          },
          amount: -amount,
        },
        { account: therapistRef(therapistId, options.purpose ?? 'providerEarnings'), amount },
      ],
    }),
  );
}

async function balance(therapistId: number, purpose: AccountRef['purpose']) {
  return (await ledger.findAccount(therapistRef(therapistId, purpose)))?.balance ?? 0;
}

async function provider() {
  const { city, project } = await placeOf(database);
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  return { ...therapist, cityId: city.id };
}

const savings = (overrides: Record<string, unknown> = {}) => ({
  method: 'bank',
  accountType: 'savings',
  payeeName: 'Sokha Chan',
  accountNumber: '001 234 567',
  bankName: 'ABA Bank',
  ...overrides,
});

async function addAccount(token: string, overrides: Record<string, unknown> = {}) {
  return call(app, { method: 'POST', url: '/app/withdrawals/accounts', token, payload: savings(overrides) });
}

function withdraw(token: string, payload: Record<string, unknown>, key = `w-${Math.random()}`) {
  return call(app, {
    method: 'POST',
    url: '/app/withdrawals',
    token,
    headers: { 'idempotency-key': key },
    payload,
  });
}

let staffToken: string | undefined;
async function staff(): Promise<string> {
  if (!staffToken) {
    const member = await registerUser(app);
    await grantRoles(app, database, member.user.id, ['customer_service']);
    staffToken = member.token;
  }
  return staffToken;
}

function staffAct(id: number, action: string, reason = '', key = `s-${Math.random()}`) {
  return staff().then((token) =>
    call(app, {
      method: 'POST',
      url: `/app/staff/withdrawals/${id}/${action}`,
      token,
      headers: { 'idempotency-key': key },
      payload: { reason },
    }),
  );
}

const codeOf = (response: { json: () => { code: number } }) => response.json().code;

describe('withdrawal accounts', () => {
  it('adds, lists, reads and removes only my own savings accounts', async () => {
    const mine = await provider();
    const other = await provider();
    const added = await addAccount(mine.token);
    expect(codeOf(added)).toBe(0);
    const account = added.json().data;
    // Spaces typed inside the number are not part of it.
    expect(account).toMatchObject({
      accountNumber: '001234567',
      accountNumberLast4: '4567',
      accountType: 'savings',
    });

    const list = await call(app, { method: 'GET', url: '/app/withdrawals/accounts', token: mine.token });
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([account.id]);
    const theirs = await call(app, { method: 'GET', url: '/app/withdrawals/accounts', token: other.token });
    expect(theirs.json().data).toEqual([]);

    // Someone else's account does not exist for them: not readable, not removable.
    const peek = await call(app, {
      method: 'GET',
      url: `/app/withdrawals/accounts/${account.id}`,
      token: other.token,
    });
    expect(codeOf(peek)).toBe(ERROR_CODES.notFound.code);
    const steal = await call(app, {
      method: 'DELETE',
      url: `/app/withdrawals/accounts/${account.id}`,
      token: other.token,
    });
    expect(codeOf(steal)).toBe(ERROR_CODES.notFound.code);

    const removed = await call(app, {
      method: 'DELETE',
      url: `/app/withdrawals/accounts/${account.id}`,
      token: mine.token,
    });
    expect(codeOf(removed)).toBe(0);
    const after = await call(app, { method: 'GET', url: '/app/withdrawals/accounts', token: mine.token });
    expect(after.json().data).toEqual([]);
  });

  it('refuses a credit card, declared as such or typed as the account number', async () => {
    const mine = await provider();
    const declared = await addAccount(mine.token, { accountType: 'credit' });
    expect(codeOf(declared)).toBe(ERROR_CODES.withdrawalCreditCardRefused.code);
    // A Visa test number (Luhn valid) typed in the account number field.
    const typed = await addAccount(mine.token, { accountNumber: '4111 1111 1111 1111' });
    expect(codeOf(typed)).toBe(ERROR_CODES.withdrawalCreditCardRefused.code);
    const mastercard = await addAccount(mine.token, { accountNumber: '5555-5555-5555-4444' });
    expect(codeOf(mastercard)).toBe(ERROR_CODES.withdrawalCreditCardRefused.code);
    // A 16-digit account number that fails Luhn is an account number, not a card.
    const account = await addAccount(mine.token, { accountNumber: '4111111111111112' });
    expect(codeOf(account)).toBe(0);
    const list = await call(app, { method: 'GET', url: '/app/withdrawals/accounts', token: mine.token });
    expect(list.json().data).toHaveLength(1);
  });

  it('is for providers only', async () => {
    const customer = await registerUser(app);
    const response = await addAccount(customer.token);
    expect(codeOf(response)).toBe(ERROR_CODES.withdrawalProvidersOnly.code);
    const summary = await call(app, {
      method: 'GET',
      url: '/app/withdrawals/summary',
      token: customer.token,
    });
    expect(codeOf(summary)).toBe(ERROR_CODES.withdrawalProvidersOnly.code);
  });

  it('keeps a card photo checked by content and shows it only to its owner and staff', async () => {
    const mine = await provider();
    const other = await provider();
    const account = (await addAccount(mine.token)).json().data;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const upload = (token: string, bytes: Buffer, name = 'card.png') => {
      const boundary = '----sabaicard';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return call(app, {
        method: 'POST',
        url: `/app/withdrawals/accounts/${account.id}/card-image`,
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const notAnImage = await upload(mine.token, Buffer.from('%PDF-1.4 not an image'));
    expect(codeOf(notAnImage)).toBe(ERROR_CODES.imageInvalid.code);
    const theirs = await upload(other.token, png);
    expect(codeOf(theirs)).toBe(ERROR_CODES.notFound.code);
    const stored = await upload(mine.token, png);
    expect(codeOf(stored)).toBe(0);
    const url = stored.json().data.cardImageUrl as string;
    expect(url).toBe(`/app/withdrawals/accounts/${account.id}/card-image`);

    const own = await call(app, { method: 'GET', url, token: mine.token });
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    const peek = await call(app, { method: 'GET', url, token: other.token });
    expect(codeOf(peek)).toBe(ERROR_CODES.notFound.code);
    const desk = await call(app, { method: 'GET', url, token: await staff() });
    expect(desk.headers['content-type']).toBe('image/webp');
  });
});

describe('asking to withdraw', () => {
  async function fundedProvider(amount: number) {
    const therapist = await provider();
    if (amount > 0) await credit(therapist.therapistId, amount);
    const account = (await addAccount(therapist.token)).json().data as { id: number };
    return { ...therapist, accountId: account.id };
  }

  it('holds the amount at once: earnings → in flight, and the summary shows it', async () => {
    const me = await fundedProvider(5000);
    const response = await withdraw(me.token, { accountId: me.accountId, amount: 3000 });
    expect(codeOf(response)).toBe(0);
    expect(response.json().data).toMatchObject({ status: 'pending', amount: 3000, fee: 0, currency: 'USD' });
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(2000);
    expect(await balance(me.therapistId, 'withdrawalsInFlight')).toBe(3000);
    const summary = await call(app, { method: 'GET', url: '/app/withdrawals/summary', token: me.token });
    expect(summary.json().data).toEqual({
      currency: 'USD',
      available: 2000,
      inFlight: 3000,
      minimum: 1000,
      fee: 0,
    });
    const mine = await call(app, { method: 'GET', url: '/app/withdrawals', token: me.token });
    expect(mine.json().data.items).toHaveLength(1);
  });

  it('books a retried request once (same idempotency key)', async () => {
    const me = await fundedProvider(5000);
    const first = await withdraw(me.token, { accountId: me.accountId, amount: 2000 }, 'same-key-1');
    const again = await withdraw(me.token, { accountId: me.accountId, amount: 2000 }, 'same-key-1');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(3000);
  });

  it('refuses above the available balance, counting the fee', async () => {
    const me = await fundedProvider(5000);
    await database.db.execute(
      sql`insert into withdrawal_city_settings (city_id, settings) values (${me.cityId}, '{"feeAmount": 200}'::jsonb)
          on conflict (city_id) do update set settings = excluded.settings`,
    );
    try {
      const tooMuch = await withdraw(me.token, { accountId: me.accountId, amount: 4900 });
      expect(codeOf(tooMuch)).toBe(ERROR_CODES.withdrawalAboveAvailable.code);
      expect(tooMuch.json().msg).toContain('50.00 USD');
      expect(await balance(me.therapistId, 'providerEarnings')).toBe(5000);
      const exact = await withdraw(me.token, { accountId: me.accountId, amount: 4800 });
      expect(codeOf(exact)).toBe(0);
      expect(exact.json().data.fee).toBe(200);
      expect(await balance(me.therapistId, 'providerEarnings')).toBe(0);
      expect(await balance(me.therapistId, 'withdrawalsInFlight')).toBe(4800);
    } finally {
      await database.db.execute(sql`delete from withdrawal_city_settings where city_id = ${me.cityId}`);
    }
  });

  it('draws on tips when earnings are not enough', async () => {
    const me = await fundedProvider(1500);
    await credit(me.therapistId, 700, { purpose: 'tips', kind: 'orderTip' });
    const response = await withdraw(me.token, { accountId: me.accountId, amount: 2000 });
    expect(codeOf(response)).toBe(0);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(0);
    expect(await balance(me.therapistId, 'tips')).toBe(200);
  });

  it('refuses below the minimum, a fraction of a cent, zero and negative amounts', async () => {
    const me = await fundedProvider(5000);
    const cases: [number, number][] = [
      [999, ERROR_CODES.withdrawalBelowMinimum.code],
      [1500.5, ERROR_CODES.withdrawalAmountInvalid.code],
      [0, ERROR_CODES.withdrawalAmountInvalid.code],
      [-2000, ERROR_CODES.withdrawalAmountInvalid.code],
    ];
    for (const [amount, code] of cases) {
      const response = await withdraw(me.token, { accountId: me.accountId, amount });
      expect(codeOf(response), `amount ${amount}`).toBe(code);
    }
    const belowMinimum = await withdraw(me.token, { accountId: me.accountId, amount: 999 });
    expect(belowMinimum.json().msg).toContain('10.00 USD');
    const missing = await withdraw(me.token, { accountId: me.accountId });
    expect(codeOf(missing)).toBe(ERROR_CODES.validationFailed.code);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(5000);
  });

  it("refuses someone else's account", async () => {
    const me = await fundedProvider(5000);
    const other = await fundedProvider(0);
    const response = await withdraw(me.token, { accountId: other.accountId, amount: 2000 });
    expect(codeOf(response)).toBe(ERROR_CODES.notFound.code);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(5000);
  });

  it('lets through only as many parallel withdrawals as the balance covers, each refused one with 4050', async () => {
    const me = await fundedProvider(6500);
    // Ten requests at once; the balance covers three. Without the lock taken before the check, a
    // request that read the old balance would reach the ledger's CHECK and answer 4001 instead.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(me.token, { accountId: me.accountId, amount: 2000 })),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code === ERROR_CODES.withdrawalAboveAvailable.code)).toHaveLength(7);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(500);
    expect(await balance(me.therapistId, 'withdrawalsInFlight')).toBe(6000);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from withdrawals where therapist_id = ${me.therapistId}`,
    );
    expect(count?.n).toBe(3);
  });
});

describe('customer service handles withdrawals', () => {
  async function pending(amount = 2000, funded = 5000) {
    const therapist = await provider();
    await credit(therapist.therapistId, funded);
    const account = (await addAccount(therapist.token)).json().data as { id: number };
    const made = await withdraw(therapist.token, { accountId: account.id, amount });
    return { ...therapist, withdrawalId: made.json().data.id as number };
  }

  async function auditOf(withdrawalId: number) {
    return queryRows<{ action: string; from_status: string; to_status: string; reason: string }>(
      database.db,
      sql`select action, from_status, to_status, reason from withdrawal_staff_audit
          where withdrawal_id = ${withdrawalId} order by id`,
    );
  }

  it('is staff only', async () => {
    const { token, withdrawalId } = await pending();
    const list = await call(app, { method: 'GET', url: '/app/staff/withdrawals', token });
    expect(codeOf(list)).toBe(ERROR_CODES.forbidden.code);
    const self = await call(app, {
      method: 'POST',
      url: `/app/staff/withdrawals/${withdrawalId}/succeed`,
      token,
      headers: { 'idempotency-key': `self-${withdrawalId}` },
      payload: { reason: '' },
    });
    expect(codeOf(self)).toBe(ERROR_CODES.forbidden.code);
  });

  it('processes then pays out: the held money leaves through the payout rail, once', async () => {
    const me = await pending(2000);
    const list = await call(app, {
      method: 'GET',
      url: '/app/staff/withdrawals?status=pending',
      token: await staff(),
    });
    expect(list.json().data.items.map((row: { id: number }) => row.id)).toContain(me.withdrawalId);

    expect((await staffAct(me.withdrawalId, 'process')).json().data.status).toBe('processing');
    const paid = await staffAct(me.withdrawalId, 'succeed');
    expect(paid.json().data.status).toBe('success');
    // A second click changes nothing and pays nothing more.
    expect((await staffAct(me.withdrawalId, 'succeed')).json().data.status).toBe('success');
    expect(await balance(me.therapistId, 'withdrawalsInFlight')).toBe(0);
    expect(await balance(me.therapistId, 'providerEarnings')).toBe(3000);
    const clearing = await ledger.findAccount({
      ownerKind: 'platform',
      ownerId: 0,
      purpose: 'railClearing',
      rail: 'bankTransfer',
      currency: 'USD',
    });
    expect(clearing?.balance).toBeGreaterThanOrEqual(2000);
    expect(await auditOf(me.withdrawalId)).toEqual([
      { action: 'process', from_status: 'pending', to_status: 'processing', reason: '' },
      { action: 'succeed', from_status: 'processing', to_status: 'success', reason: '' },
    ]);
    // Finished is finished.
    expect(codeOf(await staffAct(me.withdrawalId, 'fail', 'late'))).toBe(
      ERROR_CODES.withdrawalTransitionIllegal.code,
    );
  });

  it('fails with a reason and returns the hold, fee included', async () => {
    const therapist = await provider();
    await credit(therapist.therapistId, 5000);
    await database.db.execute(
      sql`insert into withdrawal_city_settings (city_id, settings) values (${therapist.cityId}, '{"feeAmount": 150}'::jsonb)
          on conflict (city_id) do update set settings = excluded.settings`,
    );
    try {
      const account = (await addAccount(therapist.token)).json().data as { id: number };
      const made = await withdraw(therapist.token, { accountId: account.id, amount: 2000 });
      const id = made.json().data.id as number;
      expect(await balance(therapist.therapistId, 'providerEarnings')).toBe(2850);

      expect(codeOf(await staffAct(id, 'fail', '  '))).toBe(ERROR_CODES.withdrawalReasonRequired.code);
      const failed = await staffAct(id, 'fail', 'Account closed at the bank');
      expect(failed.json().data).toMatchObject({
        status: 'failed',
        failureReason: 'Account closed at the bank',
      });
      expect(codeOf(await staffAct(id, 'fail', 'again'))).toBe(0);
      expect(await balance(therapist.therapistId, 'providerEarnings')).toBe(5000);
      expect(await balance(therapist.therapistId, 'withdrawalsInFlight')).toBe(0);
      expect((await auditOf(id)).map((row) => row.action)).toEqual(['fail']);
      // The provider's wallet history reads it all by type: income, the hold and its return.
      const history = await call(app, { method: 'GET', url: '/app/wallet/history', token: therapist.token });
      expect(
        history.json().data.items.map((row: { type: string; amount: number }) => [row.type, row.amount]),
      ).toEqual([
        ['withdrawal', 2150],
        ['withdrawal', -2150],
        ['income', 5000],
      ]);
      const incomeOnly = await call(app, {
        method: 'GET',
        url: '/app/wallet/history?type=income',
        token: therapist.token,
      });
      expect(incomeOnly.json().data.items).toHaveLength(1);
      expect(codeOf(await staffAct(id, 'succeed'))).toBe(ERROR_CODES.withdrawalTransitionIllegal.code);
    } finally {
      await database.db.execute(
        sql`delete from withdrawal_city_settings where city_id = ${therapist.cityId}`,
      );
    }
  });
});

describe('provider income', () => {
  async function income(token: string, query: string) {
    return call(app, { method: 'GET', url: `/app/therapists/me/income?${query}`, token });
  }

  it("sums the ledger's postings per local day, week and month, per order, with tips and what is owed", async () => {
    const me = await provider();
    const { order } = await bookUnpaidOrder(app, database);
    // BOOKING_NOW is 08:00 on 24 November in Phnom Penh (UTC+7).
    await credit(me.therapistId, 1600, { orderId: order.id });
    await credit(me.therapistId, 300, { purpose: 'tips', kind: 'orderTip', orderId: order.id });
    const account = (await addAccount(me.token)).json().data as { id: number };
    await credit(me.therapistId, 2000);
    await withdraw(me.token, { accountId: account.id, amount: 1000 });

    const day = (await income(me.token, 'period=day')).json().data;
    expect(day).toMatchObject({
      currency: 'USD',
      timeZone: 'Asia/Phnom_Penh',
      from: '2026-11-24',
      to: '2026-11-24',
      earnings: 3600,
      tips: 300,
      available: 2900,
      inFlight: 1000,
      owes: 0,
    });
    expect(day.days).toEqual([{ date: '2026-11-24', earnings: 3600, tips: 300 }]);
    expect(day.orders).toEqual([expect.objectContaining({ orderId: order.id, earnings: 1600, tips: 300 })]);

    const week = (await income(me.token, 'period=week')).json().data;
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-11-29', earnings: 3600 });
    expect(week.days).toHaveLength(7);
    const month = (await income(me.token, 'period=month')).json().data;
    expect(month).toMatchObject({ from: '2026-11-01', to: '2026-11-30', earnings: 3600 });
    const lastMonth = (await income(me.token, 'period=month&offset=1')).json().data;
    expect(lastMonth).toMatchObject({ from: '2026-10-01', to: '2026-10-31', earnings: 0, tips: 0 });
  });

  it('is for providers only', async () => {
    const customer = await registerUser(app);
    expect(codeOf(await income(customer.token, 'period=day'))).toBe(ERROR_CODES.forbidden.code);
  });
});
