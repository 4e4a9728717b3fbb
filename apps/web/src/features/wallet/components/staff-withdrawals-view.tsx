import type { WithdrawalStaffAction, WithdrawalStatus } from '@sabai/shared/payments/withdrawals.schemas';
import { Button, CapsuleTabs, Dialog, TextArea } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { PagedList } from '../../../components/ui/paged-list';
import { useFormatting } from '../../../hooks/use-formatting';
import { type StaffWithdrawal, useStaffWithdrawalAction, useStaffWithdrawals } from '../api/wallet-api';
import { walletMoney } from '../money';
import '../wallet-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';

const FILTERS = ['pending', 'processing', 'all'] as const;

/** Asks for the failure's reason (required by the server); undefined when cancelled. */
async function askReason(t: (key: string) => string): Promise<string | undefined> {
  let reason = '';
  const isConfirmed = await Dialog.confirm({
    title: t('staff.failTitle'),
    content: (
      <>
        <label className="withdraw-form__label" htmlFor="withdrawal-fail-reason">
          {t('staff.reason')}
        </label>
        <TextArea
          id="withdrawal-fail-reason"
          placeholder={t('staff.reasonPlaceholder')}
          maxLength={500}
          rows={3}
          onChange={(value) => {
            reason = value;
          }}
        />
      </>
    ),
    confirmText: t('staff.fail'),
    cancelText: t('cancel'),
  });
  return isConfirmed ? reason : undefined;
}

/** Customer service's withdrawals: pending and in progress first; process, mark paid or failed (with a reason). */
export function StaffWithdrawalsView() {
  const { t } = useTranslation('withdraw');
  const { locale, dateTime } = useFormatting();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('pending');
  const status: WithdrawalStatus | undefined = filter === 'all' ? undefined : filter;
  const list = useStaffWithdrawals(status, true);
  const act = useStaffWithdrawalAction();

  const run = async (row: StaffWithdrawal, action: WithdrawalStaffAction) => {
    let reason = '';
    if (action === 'fail') {
      const given = await askReason(t);
      if (given === undefined) return;
      if (given.trim() === '') return showToast(t('staff.reasonRequired'));
      reason = given;
    } else if (
      !(await confirm(
        t(action === 'process' ? 'staff.processConfirm' : 'staff.paidConfirm', {
          amount: walletMoney(row.amount, row.currency, locale),
          payee: row.account.payeeName,
        }),
        t(action === 'process' ? 'staff.process' : 'staff.paid'),
        t('cancel'),
      ))
    )
      return;
    try {
      await act.mutateAsync({ id: row.id, action, reason });
      showToast(t('staff.done'));
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error));
    }
  };

  const renderRow = (row: StaffWithdrawal) => (
    <article className="staff-withdrawal" aria-label={t('staff.rowLabel', { id: row.id })}>
      <div className="withdrawal-row">
        <span className="wallet-row__main">
          <span className="wallet-row__type">{walletMoney(row.amount, row.currency, locale)}</span>
          <span className="wallet-row__meta">
            {row.account.bankName} · {row.account.accountNumber} · {row.account.payeeName}
          </span>
          <span className="wallet-row__meta">{dateTime(row.createdAt, VIEWER_ZONE)}</span>
          {row.failureReason ? (
            <span className="withdrawal-row__reason">
              {t('failedBecause', { reason: row.failureReason })}
            </span>
          ) : null}
        </span>
        <span className={`withdrawal-status is-${row.status}`}>{t(`status.${row.status}`)}</span>
      </div>
      {row.status === 'pending' || row.status === 'processing' ? (
        <div className="staff-withdrawal__actions">
          {row.status === 'pending' ? (
            <Button size="small" onClick={() => void run(row, 'process')}>
              {t('staff.process')}
            </Button>
          ) : null}
          <Button size="small" color="primary" onClick={() => void run(row, 'succeed')}>
            {t('staff.paid')}
          </Button>
          <Button size="small" color="danger" fill="outline" onClick={() => void run(row, 'fail')}>
            {t('staff.fail')}
          </Button>
        </div>
      ) : null}
    </article>
  );

  return (
    <PagedList
      query={list}
      itemKey={(row) => row.id}
      renderItem={renderRow}
      header={
        <CapsuleTabs activeKey={filter} onChange={(key) => setFilter(key as typeof filter)}>
          {FILTERS.map((key) => (
            <CapsuleTabs.Tab key={key} title={key === 'all' ? t('staff.all') : t(`status.${key}`)} />
          ))}
        </CapsuleTabs>
      }
      empty={<EmptyState icon={<BankcardOutline />} title={t('staff.empty')} />}
    />
  );
}
