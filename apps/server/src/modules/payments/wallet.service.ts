import { CURRENCIES } from '@sabai/shared/settings';
import type { LedgerService } from '../ledger';
import { walletOf } from './accounts';

/** The customer's wallet, read from the ledger: a balance is always its account's postings. */
export function createWalletService(deps: { ledger: LedgerService }) {
  const { ledger } = deps;
  return {
    async balances(userId: number) {
      const balances = [];
      for (const currency of CURRENCIES) {
        const account = await ledger.findAccount(walletOf(userId, currency));
        if (account) balances.push({ currency, amount: account.balance });
      }
      return { balances };
    },

    async history(userId: number, query: { page: number; pageSize: number }) {
      const wanted = query.page * query.pageSize + 1;
      const rows = [];
      for (const currency of CURRENCIES) {
        const account = await ledger.findAccount(walletOf(userId, currency));
        if (account) rows.push(...(await ledger.history(account.id, { limit: wanted })));
      }
      rows.sort((a, b) => b.postingId - a.postingId);
      const start = (query.page - 1) * query.pageSize;
      const items = rows.slice(start, start + query.pageSize).map((row) => ({
        entryId: row.entryId,
        kind: row.kind,
        orderId: row.orderId,
        currency: row.currency,
        amount: row.amount,
        at: row.createdAt.toISOString(),
      }));
      return { items, page: query.page, hasMore: rows.length > start + query.pageSize };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
