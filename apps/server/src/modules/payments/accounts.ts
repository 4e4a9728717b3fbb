import type { AccountRef, PaymentRail } from '@sabai/shared/ledger/ledger-accounts';
import type { PostingLine } from '../ledger';

/** The ledger accounts payments book on (names from `@sabai/shared/ledger/ledger-accounts`). */
export const walletOf = (userId: number, currency: string): AccountRef => ({
  ownerKind: 'user',
  ownerId: userId,
  purpose: 'customerWallet',
  currency,
});
export const escrowOf = (orderId: number, currency: string): AccountRef => ({
  ownerKind: 'order',
  ownerId: orderId,
  purpose: 'orderEscrow',
  currency,
});
export const clearingOf = (rail: PaymentRail, currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'railClearing',
  rail,
  currency,
});
export const platformRevenue = (currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'platformRevenue',
  currency,
});
export const vatPayable = (currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'vatPayable',
  currency,
});
export const couponExpense = (currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'couponExpense',
  currency,
});
export function providerEarningsOf(
  order: { therapistId: number | null; storeId: number | null },
  currency: string,
): AccountRef {
  if (order.therapistId !== null)
    return { ownerKind: 'therapist', ownerId: order.therapistId, purpose: 'providerEarnings', currency };
  if (order.storeId !== null)
    return { ownerKind: 'store', ownerId: order.storeId, purpose: 'providerEarnings', currency };
  throw new Error('an order to settle has no provider');
}
/** What a provider owes the platform (its shares of orders it was paid for in cash); negative = owes. */
export function providerOwesOf(
  order: { therapistId: number | null; storeId: number | null },
  currency: string,
): AccountRef {
  return { ...providerEarningsOf(order, currency), purpose: 'providerOwes' };
}

/** One posting per account (a provider keeping travel and a turn-away share gets one line). */
export function mergeLines(lines: readonly PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const line of lines) {
    const key = JSON.stringify(line.account);
    const existing = merged.get(key);
    merged.set(key, existing ? { account: line.account, amount: existing.amount + line.amount } : line);
  }
  return [...merged.values()].filter((line) => line.amount !== 0);
}
