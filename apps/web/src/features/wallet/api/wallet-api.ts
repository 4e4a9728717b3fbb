import type {
  WalletEntryDetail,
  WalletEntryType,
  WalletHistoryRow,
} from '@sabai/shared/payments/wallet-history';
import type {
  Income,
  Withdrawal,
  WithdrawalAccount,
  WithdrawalAccountBody,
  WithdrawalStaffAction,
  WithdrawalStatus,
  WithdrawalSummary,
} from '@sabai/shared/payments/withdrawals.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

/** The wallet, withdrawals and income (issue #14 items 8–10): one function per endpoint, and hooks. */
export type { Income, WalletEntryDetail, WalletEntryType, WalletHistoryRow, Withdrawal, WithdrawalAccount };

export const walletKeys = {
  balances: ['wallet', 'balances'] as const,
  history: (type: WalletEntryType | undefined) => ['wallet', 'history', type ?? 'all'] as const,
  entry: (id: number) => ['wallet', 'entry', id] as const,
  summary: ['withdrawals', 'summary'] as const,
  accounts: ['withdrawals', 'accounts'] as const,
  mine: ['withdrawals', 'mine'] as const,
  income: (period: string, offset: number) => ['income', period, offset] as const,
};

export function useWalletBalances(isEnabled: boolean) {
  return useQuery({
    queryKey: walletKeys.balances,
    queryFn: ({ signal }) =>
      api.get<{ balances: { currency: string; amount: number }[] }>('/app/wallet', {
        signal,
        isSilent: true,
      }),
    enabled: isEnabled,
  });
}

export const useWalletHistory = (type: WalletEntryType | undefined, isEnabled: boolean) =>
  usePagedQuery<WalletHistoryRow>({
    queryKey: walletKeys.history(type),
    path: '/app/wallet/history',
    query: { type },
    isEnabled,
  });

export function useWalletEntry(id: number | undefined, isEnabled: boolean) {
  return useQuery({
    queryKey: walletKeys.entry(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<WalletEntryDetail>(`/app/wallet/history/${id}`, { signal, isSilent: true }),
    enabled: isEnabled && id !== undefined,
  });
}

export function useWithdrawalSummary(isEnabled: boolean) {
  return useQuery({
    queryKey: walletKeys.summary,
    queryFn: ({ signal }) =>
      api.get<WithdrawalSummary>('/app/withdrawals/summary', { signal, isSilent: true }),
    enabled: isEnabled,
    retry: false,
  });
}

export function useWithdrawalAccounts(isEnabled: boolean) {
  return useQuery({
    queryKey: walletKeys.accounts,
    queryFn: ({ signal }) =>
      api.get<WithdrawalAccount[]>('/app/withdrawals/accounts', { signal, isSilent: true }),
    enabled: isEnabled,
  });
}

export function useWithdrawalAccount(id: number | undefined, isEnabled: boolean) {
  return useQuery({
    queryKey: [...walletKeys.accounts, id ?? 0],
    queryFn: ({ signal }) =>
      api.get<WithdrawalAccount>(`/app/withdrawals/accounts/${id}`, { signal, isSilent: true }),
    enabled: isEnabled && id !== undefined,
  });
}

export const useMyWithdrawals = (isEnabled: boolean) =>
  usePagedQuery<Withdrawal>({ queryKey: walletKeys.mine, path: '/app/withdrawals', isEnabled });

export function useIncome(period: 'day' | 'week' | 'month', offset: number, isEnabled: boolean) {
  return useQuery({
    queryKey: walletKeys.income(period, offset),
    queryFn: ({ signal }) =>
      api.get<Income>('/app/therapists/me/income', { signal, isSilent: true, query: { period, offset } }),
    enabled: isEnabled,
  });
}

/** Where an account's card photo is uploaded (multipart field "file"); the page supplies the uploader. */
export const cardImagePath = (id: number) => `/app/withdrawals/accounts/${id}/card-image`;

/** Adding, removing and withdrawing: each refreshes what it changes once done. */
export function useWithdrawalActions() {
  const queryClient = useQueryClient();
  const refresh = (key: readonly unknown[]) => () => queryClient.invalidateQueries({ queryKey: key });
  const addAccount = useMutation({
    mutationFn: (body: WithdrawalAccountBody) =>
      api.postJson<WithdrawalAccount>('/app/withdrawals/accounts', body),
    onSettled: refresh(walletKeys.accounts),
  });
  const removeAccount = useMutation({
    mutationFn: (id: number) => api.delete<null>(`/app/withdrawals/accounts/${id}`),
    onSettled: refresh(walletKeys.accounts),
  });
  const withdraw = useMutation({
    // One key per attempt: a retried tap withdraws once.
    mutationFn: (input: { accountId: number; amount: number; idempotencyKey: string }) =>
      api.postJson<Withdrawal>(
        '/app/withdrawals',
        { accountId: input.accountId, amount: input.amount },
        { headers: { 'idempotency-key': input.idempotencyKey } },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      void queryClient.invalidateQueries({ queryKey: ['income'] });
    },
  });
  return { addAccount, removeAccount, withdraw };
}

/** Customer service's list of withdrawals (staff only); one status at a time, oldest first when open. */
export interface StaffWithdrawal extends Omit<Withdrawal, 'account'> {
  userId: number;
  therapistId: number;
  account: Withdrawal['account'] & { accountNumber: string };
}

export const useStaffWithdrawals = (status: WithdrawalStatus | undefined, isEnabled: boolean) =>
  usePagedQuery<StaffWithdrawal>({
    queryKey: ['withdrawals', 'staff', status ?? 'all'],
    path: '/app/staff/withdrawals',
    query: { status },
    isEnabled,
  });

/** Process, mark paid or failed: one key per click, so a retried click books once. */
export function useStaffWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: WithdrawalStaffAction; reason: string }) =>
      api.postJson<Withdrawal>(
        `/app/staff/withdrawals/${input.id}/${input.action}`,
        { reason: input.reason },
        { headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['withdrawals', 'staff'] }),
  });
}
