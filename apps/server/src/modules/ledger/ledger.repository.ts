import type { AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import { ACCOUNT_PURPOSES } from '@sabai/shared/ledger/ledger-accounts';
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { insertFrom, type StatementPart } from '../../db/one-statement';
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
      // One round trip in the usual case: an order's accounts are mostly new (insert first), a
      // wallet's or the platform's mostly exist (select first).
      const insert = async () =>
        (
          await tx
            .insert(ledgerAccounts)
            .values({ ...identity, mayGoNegative: ACCOUNT_PURPOSES[ref.purpose].mayGoNegative })
            .onConflictDoNothing()
            .returning()
        )[0];
      const select = async () => (await tx.select().from(ledgerAccounts).where(isAccount(ref)))[0];
      const row =
        ref.ownerKind === 'order'
          ? ((await insert()) ?? (await select()))
          : ((await select()) ?? (await insert()) ?? (await select()));
      if (!row) throw new Error(`ledger account not found after insert: ${JSON.stringify(identity)}`);
      return row;
    },

    /**
     * The id and currency of each account an entry posts to, in the order given, creating the new
     * ones, in one statement (decision 069: a payment's wallet and escrow cost one round trip, not
     * two). An account another transaction creates at the same moment is invisible to this
     * statement's snapshot and comes back undefined: the caller then asks `account` for it.
     */
    async accountIds(
      tx: Db,
      refs: readonly AccountRef[],
    ): Promise<({ id: number; currency: string } | undefined)[]> {
      if (refs.length === 0) return [];
      const wanted = sql.join(
        refs.map((ref, position) => {
          const identity = identityOf(ref);
          return sql`(${position}::int, ${identity.ownerKind}::text, ${identity.ownerId}::int, ${identity.purpose}::text,
            ${identity.rail}::text, ${identity.currency}::text, ${ACCOUNT_PURPOSES[ref.purpose].mayGoNegative}::boolean)`;
        }),
        sql`, `,
      );
      const sameIdentity = (alias: string) =>
        sql.raw(`${alias}.owner_kind = w.owner_kind and ${alias}.owner_id = w.owner_id and ${alias}.purpose = w.purpose
          and ${alias}.rail = w.rail and ${alias}.currency = w.currency`);
      const rows = await queryRows<{ position: number; id: number | null; currency: string }>(
        tx,
        sql`with wanted (position, owner_kind, owner_id, purpose, rail, currency, may_go_negative) as (values ${wanted}),
          created as (
            insert into ledger_accounts (owner_kind, owner_id, purpose, rail, currency, may_go_negative)
            select distinct w.owner_kind, w.owner_id, w.purpose, w.rail, w.currency, w.may_go_negative
            from wanted w
            where not exists (select 1 from ledger_accounts a where ${sameIdentity('a')})
            on conflict do nothing
            returning id, owner_kind, owner_id, purpose, rail, currency
          )
          select w.position, coalesce(a.id, c.id) as id, w.currency
          from wanted w
          left join ledger_accounts a on ${sameIdentity('a')}
          left join created c on ${sameIdentity('c')}`,
        { position: 'number', id: 'number' },
      );
      const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
      return refs.map((_, position) => {
        const row = byPosition.get(position);
        return row && row.id !== null ? { id: Number(row.id), currency: row.currency } : undefined;
      });
    },

    /**
     * An entry and its postings as parts of one statement (decision 075), written only when
     * `source` has a row: the entry, the lines' accounts created where missing (as `accountIds`),
     * and the postings in the lines' order. The postings' trigger moves the balances at the end of
     * the statement, where the no-negative check refuses a short wallet; the entry's balance is
     * checked at commit (deferred), as for `insertEntry` + `insertPostings`. An account another
     * transaction creates at that moment is invisible to the statement's snapshot: its posting
     * has no account and the statement fails on `account_id` (`isAccountRace`); the caller then
     * takes the transaction's path.
     */
    entryParts(
      source: string,
      entry: Omit<typeof ledgerEntries.$inferInsert, 'eventKey'> & { eventKey: SQL },
      lines: readonly { account: AccountRef; amount: number }[],
    ): StatementPart[] {
      const names = {
        lines: `${source}_ledger_lines`,
        entry: `${source}_ledger_entry`,
        created: `${source}_ledger_accounts`,
        postings: `${source}_ledger_postings`,
      };
      const wanted = sql.join(
        lines.map((line, position) => {
          const identity = identityOf(line.account);
          return sql`(${position}::int, ${identity.ownerKind}::text, ${identity.ownerId}::int, ${identity.purpose}::text,
            ${identity.rail}::text, ${identity.currency}::text, ${ACCOUNT_PURPOSES[line.account.purpose].mayGoNegative}::boolean,
            ${line.amount}::bigint)`;
        }),
        sql`, `,
      );
      const sameIdentity = (alias: string) =>
        sql.raw(`${alias}.owner_kind = w.owner_kind and ${alias}.owner_id = w.owner_id and ${alias}.purpose = w.purpose
          and ${alias}.rail = w.rail and ${alias}.currency = w.currency`);
      const id = (name: string) => sql.identifier(name);
      return [
        {
          name: names.lines,
          body: sql`select * from (values ${wanted}) as l (position, owner_kind, owner_id, purpose, rail, currency, may_go_negative, amount)`,
        },
        { name: names.entry, body: sql`${insertFrom(ledgerEntries, entry, source)} returning id` },
        {
          name: names.created,
          body: sql`insert into ledger_accounts (owner_kind, owner_id, purpose, rail, currency, may_go_negative)
            select distinct w.owner_kind, w.owner_id, w.purpose, w.rail, w.currency, w.may_go_negative
            from ${id(names.lines)} w
            where exists (select 1 from ${id(source)})
              and not exists (select 1 from ledger_accounts a where ${sameIdentity('a')})
            on conflict do nothing
            returning id, owner_kind, owner_id, purpose, rail, currency`,
        },
        {
          name: names.postings,
          body: sql`insert into ledger_postings (entry_id, account_id, currency, amount)
            select e.id, coalesce(a.id, c.id), w.currency, w.amount
            from ${id(names.entry)} e
            cross join ${id(names.lines)} w
            left join ledger_accounts a on ${sameIdentity('a')}
            left join ${id(names.created)} c on ${sameIdentity('c')}
            order by w.position
            returning id`,
        },
      ];
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

    /** The account's row locked for this transaction (created if new): a check-then-post holds it. */
    async lockedAccount(tx: Db, ref: AccountRef): Promise<LedgerAccountRow> {
      const identity = identityOf(ref);
      await tx
        .insert(ledgerAccounts)
        .values({ ...identity, mayGoNegative: ACCOUNT_PURPOSES[ref.purpose].mayGoNegative })
        .onConflictDoNothing();
      const [row] = await tx.select().from(ledgerAccounts).where(isAccount(ref)).for('update');
      if (!row) throw new Error(`ledger account not found after insert: ${JSON.stringify(identity)}`);
      return row;
    },

    /**
     * Postings on any of the accounts, newest first, page by offset; `kinds` keeps only those entry
     * kinds, `exceptKinds` drops them (the "other" filter).
     */
    async historyOfAccounts(
      accountIds: readonly number[],
      options: { kinds?: readonly string[]; exceptKinds?: readonly string[]; offset: number; limit: number },
    ) {
      if (accountIds.length === 0) return [];
      return db
        .select({
          postingId: ledgerPostings.id,
          amount: ledgerPostings.amount,
          currency: ledgerPostings.currency,
          entryId: ledgerEntries.id,
          kind: ledgerEntries.kind,
          orderId: ledgerEntries.orderId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(
          and(
            inArray(ledgerPostings.accountId, [...accountIds]),
            options.kinds ? inArray(ledgerEntries.kind, [...options.kinds]) : undefined,
            options.exceptKinds ? notInArray(ledgerEntries.kind, [...options.exceptKinds]) : undefined,
          ),
        )
        .orderBy(desc(ledgerPostings.id))
        .offset(options.offset)
        .limit(options.limit);
    },

    /** One entry with only its postings on the given accounts (nothing when it touches none of them). */
    async entryOnAccounts(entryId: number, accountIds: readonly number[]) {
      if (accountIds.length === 0) return undefined;
      const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
      if (!entry) return undefined;
      const postings = await db
        .select({
          accountId: ledgerPostings.accountId,
          purpose: ledgerAccounts.purpose,
          currency: ledgerPostings.currency,
          amount: ledgerPostings.amount,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(and(eq(ledgerPostings.entryId, entryId), inArray(ledgerPostings.accountId, [...accountIds])))
        .orderBy(ledgerPostings.id);
      return postings.length === 0 ? undefined : { entry, postings };
    },

    /** Postings on the accounts booked in [from, to), oldest first (income pages sum them). */
    async postingsBetween(accountIds: readonly number[], from: Date, to: Date) {
      if (accountIds.length === 0) return [];
      return db
        .select({
          accountId: ledgerPostings.accountId,
          amount: ledgerPostings.amount,
          kind: ledgerEntries.kind,
          orderId: ledgerEntries.orderId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(
          and(
            inArray(ledgerPostings.accountId, [...accountIds]),
            gte(ledgerEntries.createdAt, from),
            lt(ledgerEntries.createdAt, to),
          ),
        )
        .orderBy(ledgerPostings.id);
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
