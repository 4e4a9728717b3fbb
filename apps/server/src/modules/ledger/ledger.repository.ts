import type { AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import { ACCOUNT_PURPOSES } from '@sabai/shared/ledger/ledger-accounts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

const identityOf = (ref: AccountRef) => ({
  ownerKind: ref.ownerKind,
  ownerId: ref.ownerId,
  purpose: ref.purpose,
  rail: ref.rail ?? '',
  currency: ref.currency,
});

/** The row of the account `ref` names (its identity: owner, purpose, rail, currency). */
const isAccount = (ref: AccountRef) => {
  const identity = identityOf(ref);
  return and(
    eq(ledgerAccounts.ownerKind, identity.ownerKind),
    eq(ledgerAccounts.ownerId, identity.ownerId),
    eq(ledgerAccounts.purpose, identity.purpose),
    eq(ledgerAccounts.rail, identity.rail),
    eq(ledgerAccounts.currency, identity.currency),
  );
};

/** The only code touching the ledger's tables. Writes take the caller's transaction. */
export function createLedgerRepository(db: Db) {
  return {
    /** The account, created empty on first use (concurrent first uses end with one row). */
    async account(tx: Db, ref: AccountRef): Promise<LedgerAccountRow> {
      const identity = identityOf(ref);
      await tx
        .insert(ledgerAccounts)
        .values({ ...identity, mayGoNegative: ACCOUNT_PURPOSES[ref.purpose].mayGoNegative })
        .onConflictDoNothing();
      const [row] = await tx.select().from(ledgerAccounts).where(isAccount(ref));
      if (!row) throw new Error(`ledger account not found after insert: ${JSON.stringify(identity)}`);
      return row;
    },

    async findAccount(ref: AccountRef): Promise<LedgerAccountRow | undefined> {
      const [row] = await db.select().from(ledgerAccounts).where(isAccount(ref));
      return row;
    },

    /** The new entry's id, or null when an entry for this business event already exists. */
    async insertEntry(tx: Db, entry: typeof ledgerEntries.$inferInsert): Promise<number | null> {
      const [row] = await tx
        .insert(ledgerEntries)
        .values(entry)
        .onConflictDoNothing({ target: ledgerEntries.eventKey })
        .returning({ id: ledgerEntries.id });
      return row?.id ?? null;
    },

    async entryByEventKey(tx: Db, eventKey: string) {
      const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.eventKey, eventKey));
      return row;
    },

    async entry(tx: Db, id: number) {
      const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
      return row;
    },

    async reversalOf(tx: Db, entryId: number) {
      const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.reversesEntryId, entryId));
      return row;
    },

    async postingsOf(tx: Db, entryId: number) {
      return tx
        .select()
        .from(ledgerPostings)
        .where(eq(ledgerPostings.entryId, entryId))
        .orderBy(ledgerPostings.id);
    },

    async insertPostings(tx: Db, postings: (typeof ledgerPostings.$inferInsert)[]) {
      await tx.insert(ledgerPostings).values(postings);
    },

    /** An account's postings, newest first, with their entries (keyset paging on the posting id). */
    async history(accountId: number, options: { before?: number; limit: number }) {
      return db
        .select({
          postingId: ledgerPostings.id,
          amount: ledgerPostings.amount,
          currency: ledgerPostings.currency,
          entryId: ledgerEntries.id,
          kind: ledgerEntries.kind,
          orderId: ledgerEntries.orderId,
          memo: ledgerEntries.memo,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(
          and(
            eq(ledgerPostings.accountId, accountId),
            options.before === undefined ? undefined : lt(ledgerPostings.id, options.before),
          ),
        )
        .orderBy(desc(ledgerPostings.id))
        .limit(options.limit);
    },

    /** The sum of an account's postings, read from the postings themselves (not the cached balance). */
    async postedSum(accountId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)` })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.accountId, accountId));
      return Number(row?.total ?? 0);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
