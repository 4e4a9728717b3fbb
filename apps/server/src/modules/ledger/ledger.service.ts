import { ACCOUNT_PURPOSES, type AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StatementPart } from '../../db/one-statement';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerRepository } from './ledger.repository';

export interface PostingLine {
  readonly account: AccountRef;
  /** Money into the account, in its currency's minor units (negative: out of it). */
  readonly amount: number;
}

export interface EntryRequest {
  /** Names the business event (e.g. `order:12:payment:3`): the same event is booked once. */
  readonly eventKey: string;
  readonly kind: string;
  readonly orderId?: number;
  readonly actorUserId?: number;
  readonly memo?: string;
  readonly lines: readonly PostingLine[];
}

export interface PostedEntry {
  readonly entryId: number;
  /** True when this event had already been booked: nothing new was written. */
  readonly isReplay: boolean;
}

/** Thrown for a programming error in an entry (not a user's mistake): never reaches a user as-is. */
export class UnbalancedEntryError extends Error {}

const CHECK_VIOLATION = '23514';
const NOT_NULL_VIOLATION = '23502';
const BALANCE_CHECK = 'ledger_accounts_balance_not_negative';

function causeOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** A posting that would take a wallet (or any account that holds money) below zero. */
export function isInsufficientBalance(error: unknown): boolean {
  const cause = causeOf(error);
  return cause?.code === CHECK_VIOLATION && cause.constraint === BALANCE_CHECK;
}

/**
 * A one-statement entry (`postParts`) met an account another transaction was creating at that
 * moment: nothing was written, and the transaction's path (`post`) books it.
 */
export function isAccountRace(error: unknown): boolean {
  const cause = causeOf(error) as { code?: string; table?: string; column?: string } | undefined;
  return (
    cause?.code === NOT_NULL_VIOLATION && cause.table === 'ledger_postings' && cause.column === 'account_id'
  );
}

/** Refuses, before touching the database, an entry that could never be right. */
export function assertBalanced(lines: readonly PostingLine[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0)
      throw new UnbalancedEntryError(`posting amount must be a non-zero whole number: ${line.amount}`);
    if (!(line.account.purpose in ACCOUNT_PURPOSES))
      throw new UnbalancedEntryError(`unknown account purpose ${line.account.purpose}`);
    if ((line.account.rail !== undefined) !== (line.account.purpose === 'railClearing'))
      throw new UnbalancedEntryError('a rail names exactly the clearing accounts');
    totals.set(line.account.currency, (totals.get(line.account.currency) ?? 0) + line.amount);
  }
  for (const [currency, total] of totals)
    if (total !== 0) throw new UnbalancedEntryError(`entry does not balance in ${currency}: ${total}`);
}

/**
 * The ledger's one way in (decision 037). Callers pass their own transaction, so the money moves
 * in the same commit as the order step or the withdrawal request that caused it; the database
 * re-checks everything (balanced entries, no negative wallets, append-only) at commit.
 */
export function createLedgerService(deps: { repository: LedgerRepository; clock: Clock }) {
  const { repository, clock } = deps;

  /** The entry's own row as both `post` and `postParts` write it. */
  function entryOf<Key>(request: Omit<EntryRequest, 'eventKey'> & { eventKey: Key }) {
    return {
      eventKey: request.eventKey,
      kind: request.kind,
      orderId: request.orderId ?? null,
      actorUserId: request.actorUserId ?? null,
      memo: request.memo ?? '',
      createdAt: clock.now(),
    };
  }

  async function post(tx: Db, request: EntryRequest): Promise<PostedEntry> {
    assertBalanced(request.lines);
    const entryId = await repository.insertEntry(tx, entryOf(request));
    if (entryId === null) {
      const existing = await repository.entryByEventKey(tx, request.eventKey);
      if (!existing) throw new Error(`ledger entry ${request.eventKey} vanished`);
      return { entryId: existing.id, isReplay: true };
    }
    // Every line's account in one statement; one created this moment by another transaction alone.
    const found = await repository.accountIds(
      tx,
      request.lines.map((line) => line.account),
    );
    const postings = [];
    for (const [i, line] of request.lines.entries()) {
      const account = found[i] ?? (await repository.account(tx, line.account));
      postings.push({ entryId, accountId: account.id, currency: account.currency, amount: line.amount });
    }
    try {
      await repository.insertPostings(tx, postings);
    } catch (error) {
      if (isInsufficientBalance(error)) throw new AppError('insufficientBalance');
      throw error;
    }
    return { entryId, isReplay: false };
  }

  return {
    post,

    /**
     * `post` as parts of one statement (decision 075), written only when `source` has a row; the
     * event key may be SQL reading an earlier part (the payment attempt's id). The statement fails
     * as `post` does: `isInsufficientBalance` for a short wallet, and `isAccountRace` when an
     * account was being created elsewhere (then `post` it in a transaction instead).
     */
    postParts(source: string, request: Omit<EntryRequest, 'eventKey'> & { eventKey: SQL }): StatementPart[] {
      assertBalanced(request.lines);
      return repository.entryParts(source, entryOf(request), request.lines);
    },

    /** Corrects an entry by posting its exact opposite; an entry is reversed at most once. */
    async reverse(
      tx: Db,
      entryId: number,
      request: { eventKey: string; memo?: string; actorUserId?: number },
    ): Promise<PostedEntry> {
      const original = await repository.entry(tx, entryId);
      if (!original) throw new AppError('notFound');
      const postings = await repository.postingsOf(tx, entryId);
      // Reversed already (under this key or another): the correction exists, nothing more to post.
      const existing =
        (await repository.entryByEventKey(tx, request.eventKey)) ??
        (await repository.reversalOf(tx, entryId));
      if (existing) return { entryId: existing.id, isReplay: true };
      const reversalId = await repository.insertEntry(tx, {
        eventKey: request.eventKey,
        kind: 'reversal',
        orderId: original.orderId,
        actorUserId: request.actorUserId ?? null,
        memo: request.memo ?? '',
        reversesEntryId: entryId,
        createdAt: clock.now(),
      });
      if (reversalId === null) throw new Error(`ledger reversal ${request.eventKey} raced`);
      try {
        await repository.insertPostings(
          tx,
          postings.map((posting) => ({
            entryId: reversalId,
            accountId: posting.accountId,
            currency: posting.currency,
            amount: -posting.amount,
          })),
        );
      } catch (error) {
        if (isInsufficientBalance(error)) throw new AppError('insufficientBalance');
        throw error;
      }
      return { entryId: reversalId, isReplay: false };
    },

    /** The balance shown to anyone: the account's postings summed (kept by the database). */
    async balanceOf(ref: AccountRef): Promise<number> {
      return (await repository.findAccount(ref))?.balance ?? 0;
    },

    /**
     * The account locked until the caller's transaction ends, with its balance: a check ("is there
     * enough?", or what a provider owes to be netted) followed by a post in the same transaction
     * cannot be raced by a parallel one.
     */
    lockedBalance: async (tx: Db, ref: AccountRef): Promise<number> =>
      (await repository.lockedAccount(tx, ref)).balance,
    historyOfAccounts: repository.historyOfAccounts,
    entryOnAccounts: repository.entryOnAccounts,
    postingsBetween: repository.postingsBetween,
    history: repository.history,
    findAccount: repository.findAccount,
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
