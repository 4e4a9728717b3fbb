import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/client';

/** Entries that pay for an order (money into its escrow). */
const PAYMENT_KINDS = ['orderPayment', 'orderExtraPayment', 'cashReceived'];
/** Entries that split an order's money between provider, platform and the state. */
const SPLIT_KINDS = ['orderCompletion', 'orderCancellationSettlement'];
/** Entries that give a customer money back (wallet at once, the original route, a bank payout). */
const REFUND_KINDS = ['orderCancellationSettlement', 'orderExtrasReturn', 'orderRefund', 'refundPayout'];

/**
 * Per order, from the ledger's postings alone (decision 042): what was paid, and where it went.
 * `provider` counts the provider's earnings and what they owe (a cash order's platform part is
 * owed, not earned); the cash a provider kept (`cashKeptByProvider`) is their own money moving,
 * not part of the split.
 */
export async function orderMoneyOf(database: Database, orderId: number) {
  const rows = await queryRows<{ purpose: string; kind: string; amount: string }>(
    database.db,
    sql`select a.purpose, e.kind, sum(p.amount)::text as amount
        from ledger_postings p join ledger_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.order_id = ${orderId} group by a.purpose, e.kind`,
  );
  const sum = (purposes: string[], kinds?: string[]) =>
    rows
      .filter((row) => purposes.includes(row.purpose) && (!kinds || kinds.includes(row.kind)))
      .reduce((total, row) => total + Number(row.amount), 0);
  return {
    paid: sum(['orderEscrow'], PAYMENT_KINDS),
    escrow: sum(['orderEscrow']),
    refunded: sum(['customerWallet', 'railClearing'], REFUND_KINDS),
    provider: sum(['providerEarnings', 'providerOwes'], SPLIT_KINDS),
    platform: sum(['platformRevenue']),
    vat: sum(['vatPayable']),
    coupon: -sum(['couponExpense']),
  };
}

/**
 * The order-money invariant: refunded + provider + platform + VAT − coupon expense = paid, and the
 * escrow is empty once the order is settled.
 */
export async function expectOrderMoneyBalanced(database: Database, orderId: number) {
  const money = await orderMoneyOf(database, orderId);
  expect(
    money.refunded + money.provider + money.platform + money.vat - money.coupon,
    `order ${orderId}: ${JSON.stringify(money)}`,
  ).toBe(money.paid);
  expect(money.escrow, `order ${orderId} escrow`).toBe(0);
  return money;
}
