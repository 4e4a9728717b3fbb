import { ERROR_CODES } from '@sabai/shared/error-codes';
import { ACCOUNT_PURPOSE_NAMES, type AccountRef, PAYMENT_RAILS } from '@sabai/shared/ledger/ledger-accounts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fixedClock } from '../../lib/clock';
import { createLedgerRepository } from './ledger.repository';
import { createLedgerService, UnbalancedEntryError } from './ledger.service';
import { findLedgerViolations } from './ledger-invariants.repository';

const database = await openTestDatabase();
const { db } = database;
const ledger = createLedgerService({
  repository: createLedgerRepository(db),
  clock: fixedClock(new Date('2026-11-24T09:00:00Z')),
});

let nextOwner = 1;
const wallet = (ownerId: number, currency = 'USD'): AccountRef => ({
  ownerKind: 'user',
  ownerId,
  purpose: 'customerWallet',
  currency,
});
const khqr = (currency = 'USD'): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'railClearing',
  rail: 'khqr',
  currency,
});
const escrow = (orderId: number, currency = 'USD'): AccountRef => ({
  ownerKind: 'order',
  ownerId: orderId,
  purpose: 'orderEscrow',
  currency,
});

/** A customer topping up their wallet through KHQR: money enters from the rail's clearing account. */
const topUp = (ownerId: number, amount: number, key = `topup:${ownerId}:${amount}:${Math.random()}`) =>
  db.transaction((tx) =>
    ledger.post(tx as unknown as Db, {
      eventKey: key,
      kind: 'topUp',
      lines: [
        { account: khqr(), amount: -amount },
        { account: wallet(ownerId), amount },
      ],
    }),
  );

const payFromWallet = (ownerId: number, orderId: number, amount: number, key: string) =>
  db.transaction((tx) =>
    ledger.post(tx as unknown as Db, {
      eventKey: key,
      kind: 'payment',
      orderId,
      lines: [
        { account: wallet(ownerId), amount: -amount },
        { account: escrow(orderId), amount },
      ],
    }),
  );

async function expectRefused(work: Promise<unknown>, pattern: RegExp) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the database accepted it').toBeDefined();
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
  expect(text).toMatch(pattern);
}

describe('the ledger', () => {
  it('books a balanced entry and keeps every balance equal to its postings', async () => {
    const owner = nextOwner++;
    await topUp(owner, 5_000);
    await payFromWallet(owner, 9001, 1_250, 'order:9001:payment:1');
    expect(await ledger.balanceOf(wallet(owner))).toBe(3_750);
    expect(await ledger.balanceOf(escrow(9001))).toBe(1_250);
    const account = await ledger.findAccount(wallet(owner));
    const history = await ledger.history(account?.id ?? 0, { limit: 10 });
    expect(history.map((row) => [row.kind, row.amount])).toEqual([
      ['payment', -1_250],
      ['topUp', 5_000],
    ]);
    expect(await findLedgerViolations(db)).toEqual([]);
  });

  it('books one business event once: a retried payment moves no money the second time', async () => {
    const owner = nextOwner++;
    await topUp(owner, 1_000);
    const first = await payFromWallet(owner, 9002, 600, 'order:9002:payment:1');
    const again = await payFromWallet(owner, 9002, 600, 'order:9002:payment:1');
    expect(again).toEqual({ entryId: first.entryId, isReplay: true });
    expect(await ledger.balanceOf(wallet(owner))).toBe(400);
  });

  it('refuses a wallet going below zero with a localised error, and writes nothing', async () => {
    const owner = nextOwner++;
    await topUp(owner, 500);
    const error = await payFromWallet(owner, 9003, 501, 'order:9003:payment:1').catch((caught) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('insufficientBalance');
    expect(ERROR_CODES.insufficientBalance.code).toBe(4001);
    expect(await ledger.balanceOf(wallet(owner))).toBe(500);
    expect(await ledger.balanceOf(escrow(9003))).toBe(0);
  });

  it('never lets concurrent payments overdraw a wallet, nor lose or create a cent', async () => {
    const owner = nextOwner++;
    await topUp(owner, 30);
    const attempts = Array.from({ length: 100 }, (_, index) =>
      payFromWallet(owner, 20_000 + index, 1, `order:${20_000 + index}:payment:1`).then(
        () => 'paid' as const,
        (error: unknown) => {
          if (error instanceof AppError && error.key === 'insufficientBalance') return 'refused' as const;
          throw error;
        },
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(30);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(70);
    expect(await ledger.balanceOf(wallet(owner))).toBe(0);
    expect(await findLedgerViolations(db)).toEqual([]);
  });

  it('refuses entries that could never be right before writing anything', async () => {
    const owner = nextOwner++;
    const post = (lines: { account: AccountRef; amount: number }[]) =>
      db.transaction((tx) =>
        ledger.post(tx as unknown as Db, { eventKey: `bad:${Math.random()}`, kind: 'x', lines }),
      );
    await expect(post([{ account: wallet(owner), amount: 10 }])).rejects.toBeInstanceOf(UnbalancedEntryError);
    await expect(
      post([
        { account: khqr(), amount: -10 },
        { account: wallet(owner), amount: 9 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    await expect(
      post([
        { account: khqr(), amount: -0.5 },
        { account: wallet(owner), amount: 0.5 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    // Balanced in total but not per currency: dollars do not pay for riel.
    await expect(
      post([
        { account: khqr('USD'), amount: -10 },
        { account: wallet(owner, 'KHR'), amount: 10 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    expect(await ledger.findAccount(wallet(owner))).toBeUndefined();
  });

  it('corrects a mistake with a reversing entry, once', async () => {
    const owner = nextOwner++;
    const mistaken = await topUp(owner, 700, `topup:${owner}:mistake`);
    const reversal = await db.transaction((tx) =>
      ledger.reverse(tx as unknown as Db, mistaken.entryId, { eventKey: `reverse:${mistaken.entryId}` }),
    );
    expect(reversal.isReplay).toBe(false);
    expect(await ledger.balanceOf(wallet(owner))).toBe(0);
    const again = await db.transaction((tx) =>
      ledger.reverse(tx as unknown as Db, mistaken.entryId, { eventKey: `another:${mistaken.entryId}` }),
    );
    expect(again).toEqual({ entryId: reversal.entryId, isReplay: true });
    expect(await ledger.balanceOf(wallet(owner))).toBe(0);
  });

  it('can open an account of every purpose (the database agrees which may go negative)', async () => {
    const owner = nextOwner++;
    await db.transaction(async (tx) => {
      const repository = createLedgerRepository(db);
      for (const purpose of ACCOUNT_PURPOSE_NAMES) {
        const rails = purpose === 'railClearing' ? PAYMENT_RAILS : [undefined];
        for (const rail of rails) {
          await repository.account(tx as unknown as Db, {
            ownerKind: 'user',
            ownerId: owner,
            purpose,
            ...(rail ? { rail } : {}),
            currency: 'KHR',
          });
        }
      }
    });
  });
});

describe('the database itself guards the ledger', () => {
  it('refuses to edit or delete entries and postings', async () => {
    const owner = nextOwner++;
    const { entryId } = await topUp(owner, 300);
    await expectRefused(
      db.execute(sql`update ledger_postings set amount = amount * 2 where entry_id = ${entryId}`),
      /append-only/,
    );
    await expectRefused(
      db.execute(sql`delete from ledger_postings where entry_id = ${entryId}`),
      /append-only/,
    );
    await expectRefused(
      db.execute(sql`update ledger_entries set memo = 'x' where id = ${entryId}`),
      /append-only/,
    );
    await expectRefused(db.execute(sql`delete from ledger_entries where id = ${entryId}`), /append-only/);
    await expectRefused(db.execute(sql`truncate ledger_postings`), /append-only/);
    expect(await ledger.balanceOf(wallet(owner))).toBe(300);
  });

  it('refuses a balance changed by hand, an account opened with money in it, or deleted', async () => {
    const owner = nextOwner++;
    await topUp(owner, 300);
    const account = await ledger.findAccount(wallet(owner));
    await expectRefused(
      db.execute(sql`update ledger_accounts set balance = 1000000 where id = ${account?.id}`),
      /only by posting/,
    );
    await expectRefused(
      db.execute(sql`delete from ledger_accounts where id = ${account?.id}`),
      /append-only/,
    );
    await expectRefused(
      db.execute(sql`insert into ledger_accounts (owner_kind, owner_id, purpose, rail, currency, balance, may_go_negative)
        values ('user', ${owner}, 'customerWallet', '', 'THB', 500, false)`),
      /starts at zero/,
    );
    await expectRefused(
      db.execute(sql`insert into ledger_accounts (owner_kind, owner_id, purpose, rail, currency, may_go_negative)
        values ('user', ${owner}, 'customerWallet', '', 'VND', true)`),
      /ledger_accounts_negative_by_purpose/,
    );
    expect(await ledger.balanceOf(wallet(owner))).toBe(300);
  });

  it('refuses at commit an entry whose postings do not sum to zero, even written by hand', async () => {
    const owner = nextOwner++;
    await topUp(owner, 100);
    const account = await ledger.findAccount(wallet(owner));
    await expectRefused(
      db.transaction(async (tx) => {
        const [entry] = (
          (await tx.execute(
            sql`insert into ledger_entries (event_key, kind, created_at) values (${`hand:${owner}`}, 'gift', now()) returning id`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        await tx.execute(
          sql`insert into ledger_postings (entry_id, account_id, currency, amount) values (${entry?.id}, ${account?.id}, 'USD', 1000)`,
        );
      }),
      /does not balance/,
    );
    await expectRefused(
      db.execute(
        sql`insert into ledger_entries (event_key, kind, created_at) values (${`empty:${owner}`}, 'nothing', now())`,
      ),
      /has no postings/,
    );
    expect(await ledger.balanceOf(wallet(owner))).toBe(100);
  });

  it('the invariant check finds what the database would have refused (with its guards switched off)', async () => {
    const owner = nextOwner++;
    await topUp(owner, 100);
    const account = await ledger.findAccount(wallet(owner));
    const found = await db
      .transaction(async (tx) => {
        // Replica mode skips triggers: the only way to write a bad ledger, rolled back below.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account?.id}`);
        const violations = await findLedgerViolations(tx);
        throw Object.assign(new Error('roll back'), { violations });
      })
      .catch((error: { violations?: string[] }) => error.violations);
    expect(found).toEqual([`account ${account?.id} shows 101 but its postings sum to 100`]);
    expect(await findLedgerViolations(db)).toEqual([]);
  });
});
