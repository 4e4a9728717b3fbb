import { ERROR_CODES } from '@sabai/shared/error-codes';
import { isCurrency, MINOR_UNIT_DIGITS, MoneyError, parseMoney } from '@sabai/shared/money';
import { Button, Input, Radio, Space } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { PagedList } from '../../../components/ui/paged-list';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import {
  useMyWithdrawals,
  useWithdrawalAccounts,
  useWithdrawalActions,
  useWithdrawalSummary,
  type Withdrawal,
} from '../api/wallet-api';
import { walletMoney } from '../money';
import '../wallet-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';

interface WithdrawViewProps {
  accountsHref: string;
  addAccountHref: string;
}

/** "12.5" in the currency's minor units, or why not. */
export function parseAmount(
  text: string,
  currency: string,
): { amount: number } | { error: 'required' | 'format' } {
  if (text.trim() === '') return { error: 'required' };
  if (!isCurrency(currency)) return { error: 'format' };
  try {
    return { amount: parseMoney(text, currency).amount };
  } catch (error) {
    if (error instanceof MoneyError) return { error: 'format' };
    throw error;
  }
}

/** Spec my/withdraw/index: what can be withdrawn, the form, and my withdrawals with their status. */
export function WithdrawView({ accountsHref, addAccountHref }: WithdrawViewProps) {
  const { t } = useTranslation('withdraw');
  const { locale, dateTime } = useFormatting();
  const summary = useWithdrawalSummary(true);
  const isProvider = summary.isSuccess;
  const accounts = useWithdrawalAccounts(isProvider);
  const mine = useMyWithdrawals(isProvider);
  const { withdraw } = useWithdrawalActions();
  const [amountText, setAmountText] = useState('');
  const [chosen, setChosen] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  // One key per amount and account: a double tap or a retry after a timeout withdraws once.
  const attemptKey = useRef<string | undefined>(undefined);

  if (summary.isPending) return <CardSkeletons count={2} />;
  if (summary.isError) {
    if (isApiError(summary.error) && summary.error.code === ERROR_CODES.withdrawalProvidersOnly.code)
      return <EmptyState icon={<BankcardOutline />} title={t('title')} description={t('providersOnly')} />;
    return (
      <LoadError error={summary.error} onRetry={() => summary.refetch()} isRetrying={summary.isFetching} />
    );
  }
  const { currency, available, inFlight, minimum, fee } = summary.data;
  const money = (amount: number) => walletMoney(amount, currency, locale);
  const accountList = accounts.data ?? [];
  const accountId = chosen ?? accountList[0]?.id;

  const submit = async () => {
    const parsed = parseAmount(amountText, currency);
    if ('error' in parsed) {
      setError(
        parsed.error === 'required'
          ? t('errors.amountRequired')
          : t('errors.amountFormat', { digits: isCurrency(currency) ? MINOR_UNIT_DIGITS[currency] : 0 }),
      );
      return;
    }
    if (parsed.amount < minimum) return setError(t('errors.belowMinimum', { minimum: money(minimum) }));
    if (parsed.amount + fee > available)
      return setError(t('errors.aboveAvailable', { available: money(available) }));
    const account = accountList.find((row) => row.id === accountId);
    if (!account) return setError(t('errors.accountRequired'));
    setError(undefined);
    const label = `${account.bankName} ${t('accounts.ending', { last4: account.accountNumberLast4 })}`;
    if (
      !(await confirm(
        t('confirm', { amount: money(parsed.amount), account: label }),
        t('confirmOk'),
        t('cancel'),
      ))
    )
      return;
    attemptKey.current ??= crypto.randomUUID();
    try {
      await withdraw.mutateAsync({
        accountId: account.id,
        amount: parsed.amount,
        idempotencyKey: attemptKey.current,
      });
      attemptKey.current = undefined;
      setAmountText('');
      showToast(t('submitted'));
    } catch (failure) {
      // The server answered (a refusal): the next try is a new request. Unanswered: retry with the same key.
      if (!isApiError(failure) || !['network', 'timeout', 'aborted'].includes(failure.kind))
        attemptKey.current = undefined;
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const parsedPreview = parseAmount(amountText, currency);
  const renderWithdrawal = (row: Withdrawal) => (
    <div className="withdrawal-row">
      <span className="wallet-row__main">
        <span className="wallet-row__type">
          {t('withdrawalRow', {
            amount: money(row.amount),
            account: `${row.account.bankName} ${t('accounts.ending', { last4: row.account.accountNumberLast4 })}`,
          })}
        </span>
        <span className="wallet-row__meta">{dateTime(row.createdAt, VIEWER_ZONE)}</span>
        {row.failureReason ? (
          <span className="withdrawal-row__reason">{t('failedBecause', { reason: row.failureReason })}</span>
        ) : null}
      </span>
      <span className={`withdrawal-status is-${row.status}`}>{t(`status.${row.status}`)}</span>
    </div>
  );

  const form = (
    <>
      <section className="wallet-balance" aria-label={t('available')}>
        <p className="wallet-balance__amount">{money(available)}</p>
        <p className="wallet-balance__label">{t('available')}</p>
        {inFlight > 0 ? (
          <p className="wallet-balance__note">{t('inFlight', { amount: money(inFlight) })}</p>
        ) : null}
        <p className="wallet-balance__note">{t('rules', { minimum: money(minimum), fee: money(fee) })}</p>
      </section>
      <section className="withdraw-form">
        <label className="withdraw-form__label" htmlFor="withdraw-amount">
          {t('amount')} ({currency})
        </label>
        <div className="withdraw-form__amount">
          <Input
            id="withdraw-amount"
            inputMode="decimal"
            placeholder={t('amountPlaceholder')}
            value={amountText}
            onChange={(value) => {
              setAmountText(value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'withdraw-error' : undefined}
          />
          <Button
            size="small"
            fill="none"
            color="primary"
            disabled={available - fee <= 0}
            onClick={() =>
              setAmountText(
                isCurrency(currency)
                  ? (Math.max(0, available - fee) / 10 ** MINOR_UNIT_DIGITS[currency]).toFixed(
                      MINOR_UNIT_DIGITS[currency],
                    )
                  : String(Math.max(0, available - fee)),
              )
            }
          >
            {t('all')}
          </Button>
        </div>
        {'amount' in parsedPreview && fee > 0 ? (
          <p className="withdraw-form__hint">
            {t('total', {
              amount: money(parsedPreview.amount),
              fee: money(fee),
              total: money(parsedPreview.amount + fee),
            })}
          </p>
        ) : null}
        <p className="withdraw-form__label">{t('to')}</p>
        {accounts.isPending ? (
          <CardSkeletons count={1} />
        ) : accountList.length === 0 ? (
          <p className="withdraw-form__hint">
            {t('noAccount')} <Link to={addAccountHref}>{t('addAccount')}</Link>
          </p>
        ) : (
          <Radio.Group value={accountId} onChange={(value) => setChosen(Number(value))}>
            <Space direction="vertical">
              {accountList.map((account) => (
                <Radio key={account.id} value={account.id}>
                  {account.bankName} {t('accounts.ending', { last4: account.accountNumberLast4 })} ·{' '}
                  {account.payeeName}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
        <Link to={accountsHref} className="withdraw-form__manage">
          {t('manageAccounts')}
        </Link>
        {error ? (
          <p id="withdraw-error" className="withdraw-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button block color="primary" loading={withdraw.isPending} onClick={() => void submit()}>
          {t('submit')}
        </Button>
      </section>
      <h2 className="wallet-section-title">{t('recent')}</h2>
    </>
  );

  // Pull-to-refresh reads the balance and the accounts again with the first page of withdrawals.
  const refreshed = {
    ...mine,
    refreshFromStart: () => Promise.all([mine.refreshFromStart(), summary.refetch(), accounts.refetch()]),
  };
  return (
    <PagedList
      query={refreshed}
      itemKey={(row) => row.id}
      renderItem={renderWithdrawal}
      header={form}
      empty={<p className="wallet-empty-line">{t('noWithdrawals')}</p>}
    />
  );
}
