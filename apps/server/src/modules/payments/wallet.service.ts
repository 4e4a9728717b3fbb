import {
  ENTRY_KINDS_BY_TYPE,
  KNOWN_ENTRY_KINDS,
  type WalletEntryDetail,
  type WalletEntryType,
  walletEntryTypeOf,
} from '@sabai/shared/payments/wallet-history';
import { CURRENCIES } from '@sabai/shared/settings';
import { AppError } from '../../lib/app-error';
import type { LedgerService } from '../ledger';
import { walletOf } from './accounts';

/** The customer's wallet, read from the ledger: a balance is always its account's postings. */
export function createWalletService(deps: {
  ledger: LedgerService;
  therapistOfUser?: (userId: number) => Promise<{ id: number } | undefined>;
  /** The city time zone of orders, by id: an order's entries are shown on its clock (decision 108). */
  timeZonesOfOrders?: (orderIds: readonly number[]) => Promise<Map<number, string>>;
}) {
  const { ledger } = deps;

  async function walletAccounts(userId: number) {
    const accounts = [];
    for (const currency of CURRENCIES) {
      const account = await ledger.findAccount(walletOf(userId, currency));
      if (account) accounts.push(account);
    }
    return accounts;
  }

  /** The wallet, and for a provider their earnings and tips (income, tips, withdrawals show there). */
  async function historyAccounts(userId: number) {
    const accounts = await walletAccounts(userId);
    const therapist = await deps.therapistOfUser?.(userId);
    if (therapist) {
      for (const currency of CURRENCIES) {
        for (const purpose of ['providerEarnings', 'tips'] as const) {
          const account = await ledger.findAccount({
            ownerKind: 'therapist',
            ownerId: therapist.id,
            purpose,
            currency,
          });
          if (account) accounts.push(account);
        }
      }
    }
    return accounts;
  }

  /** One read for a page's orders; entries of no order (a top-up) are on the viewer's clock (null). */
  async function zonesOf(orderIds: readonly (number | null)[]): Promise<Map<number, string>> {
    const ids = [...new Set(orderIds.filter((id): id is number => id !== null))];
    if (!ids.length || !deps.timeZonesOfOrders) return new Map();
    return deps.timeZonesOfOrders(ids);
  }

  return {
    async balances(userId: number) {
      const accounts = await walletAccounts(userId);
      return {
        balances: accounts.map((account) => ({ currency: account.currency, amount: account.balance })),
      };
    },

    /** Newest first, a page at a time, optionally only one type (payment, refund, tip, top-up…). */
    async history(userId: number, query: { page: number; pageSize: number; type?: WalletEntryType }) {
      const accountIds = (await historyAccounts(userId)).map((account) => account.id);
      const filter =
        query.type === undefined
          ? {}
          : query.type === 'other'
            ? { exceptKinds: KNOWN_ENTRY_KINDS }
            : { kinds: ENTRY_KINDS_BY_TYPE[query.type] };
      const rows = await ledger.historyOfAccounts(accountIds, {
        ...filter,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize + 1,
      });
      const page = rows.slice(0, query.pageSize);
      const zones = await zonesOf(page.map((row) => row.orderId));
      const items = page.map((row) => ({
        entryId: row.entryId,
        kind: row.kind,
        type: walletEntryTypeOf(row.kind),
        orderId: row.orderId,
        timeZone: row.orderId === null ? null : (zones.get(row.orderId) ?? null),
        currency: row.currency,
        amount: row.amount,
        at: row.createdAt.toISOString(),
      }));
      return { items, page: query.page, hasMore: rows.length > query.pageSize };
    },

    /** One movement of the caller's wallet; an entry that never touched it does not exist for them. */
    async entry(userId: number, entryId: number): Promise<WalletEntryDetail> {
      const accounts = await historyAccounts(userId);
      const found = await ledger.entryOnAccounts(
        entryId,
        accounts.map((account) => account.id),
      );
      if (!found) throw new AppError('notFound');
      const [first] = found.postings;
      const orderId = found.entry.orderId;
      const zones = await zonesOf([orderId]);
      return {
        entryId: found.entry.id,
        kind: found.entry.kind,
        type: walletEntryTypeOf(found.entry.kind),
        orderId,
        timeZone: orderId === null ? null : (zones.get(orderId) ?? null),
        currency: first?.currency ?? '',
        amount: found.postings.reduce((total, posting) => total + posting.amount, 0),
        at: found.entry.createdAt.toISOString(),
        memo: found.entry.memo,
        reversesEntryId: found.entry.reversesEntryId,
        postings: found.postings.map(({ purpose, currency, amount }) => ({ purpose, currency, amount })),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
