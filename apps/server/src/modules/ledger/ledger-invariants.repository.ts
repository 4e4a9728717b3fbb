import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/**
 * Everything that must hold of the ledger at any commit: each entry sums to zero per currency and
 * has postings, each cached balance equals the sum of its account's postings, and no account that
 * holds money is below zero. Returns what is wrong (empty: all well). The test databases run it
 * before they close (test/test-app.ts), so every test file that moves money is checked.
 */
export async function findLedgerViolations(db: Pick<Db, 'execute'>): Promise<string[]> {
  const unbalanced = await queryRows<{ entry_id: number; currency: string; total: number }>(
    db,
    sql`select entry_id, currency, sum(amount) as total from ledger_postings
        group by entry_id, currency having sum(amount) <> 0`,
    { entry_id: 'number', total: 'number' },
  );
  const empty = await queryRows<{ id: number }>(
    db,
    sql`select e.id from ledger_entries e where not exists (select 1 from ledger_postings p where p.entry_id = e.id)`,
    { id: 'number' },
  );
  const drifted = await queryRows<{ id: number; balance: number; posted: number }>(
    db,
    sql`select a.id, a.balance, coalesce(sum(p.amount), 0) as posted
        from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
    { id: 'number', balance: 'number', posted: 'number' },
  );
  const negative = await queryRows<{ id: number; balance: number }>(
    db,
    sql`select id, balance from ledger_accounts where not may_go_negative and balance < 0`,
    { id: 'number', balance: 'number' },
  );
  return [
    ...unbalanced.map((row) => `entry ${row.entry_id} sums to ${row.total} ${row.currency}`),
    ...empty.map((row) => `entry ${row.id} has no postings`),
    ...drifted.map((row) => `account ${row.id} shows ${row.balance} but its postings sum to ${row.posted}`),
    ...negative.map((row) => `account ${row.id} is below zero: ${row.balance}`),
  ];
}
