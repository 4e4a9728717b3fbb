import type { AccountRef, PayoutRail } from '@sabai/shared/ledger/ledger-accounts';
import type { WithdrawalMethod } from '@sabai/shared/payments/withdrawals.schemas';

/** The ledger accounts a therapist's money lives in (names from `@sabai/shared/ledger/ledger-accounts`). */
export const therapistAccount = (
  therapistId: number,
  purpose: 'providerEarnings' | 'tips' | 'withdrawalsInFlight' | 'providerOwes',
  currency: string,
): AccountRef => ({ ownerKind: 'therapist', ownerId: therapistId, purpose, currency });

export const platformRevenue = (currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'platformRevenue',
  currency,
});

const PAYOUT_RAIL_OF: Record<WithdrawalMethod, PayoutRail> = {
  bank: 'bankTransfer',
  eWallet: 'eWalletTransfer',
};

/** Where paid-out money goes: the payout rail's clearing account (the world outside). */
export const payoutClearing = (method: WithdrawalMethod, currency: string): AccountRef => ({
  ownerKind: 'platform',
  ownerId: 0,
  purpose: 'railClearing',
  rail: PAYOUT_RAIL_OF[method],
  currency,
});
