import { WALLET_ENTRY_TYPES, type WalletEntryType } from '@sabai/shared/payments/wallet-history';
import { CapsuleTabs } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { useWalletBalances, useWalletHistory, type WalletHistoryRow } from '../api/wallet-api';
import { signedMoney, walletMoney } from '../money';
import '../wallet-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';

interface WalletViewProps {
  /** Where "Top up" goes (the top-up page); the row's detail and withdraw links. */
  topUpHref: string;
  withdrawHref: string;
  entryHref: (entryId: number) => string;
}

const FILTERS = ['all', ...WALLET_ENTRY_TYPES.filter((type) => type !== 'other')] as const;

/** Spec my/wallet/index: the balance per currency, then the history by type, newest first. */
export function WalletView({ topUpHref, withdrawHref, entryHref }: WalletViewProps) {
  const { t } = useTranslation('wallet');
  const { locale, dateTime } = useFormatting();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const type: WalletEntryType | undefined = filter === 'all' ? undefined : filter;
  const balances = useWalletBalances(true);
  const history = useWalletHistory(type, true);
  // Pull-to-refresh reads the balance again with the history's first page.
  const refreshed = {
    ...history,
    refreshFromStart: () => Promise.all([history.refreshFromStart(), balances.refetch()]),
  };

  const balanceCard = (
    <section className="wallet-balance" aria-label={t('balance')}>
      {balances.isPending ? (
        <CardSkeletons count={1} />
      ) : balances.isError ? (
        <LoadError
          error={balances.error}
          onRetry={() => balances.refetch()}
          isRetrying={balances.isFetching}
        />
      ) : (balances.data?.balances.length ?? 0) === 0 ? (
        <p className="wallet-balance__amount">{walletMoney(0, 'USD', locale)}</p>
      ) : (
        balances.data?.balances.map((balance) => (
          <p key={balance.currency} className="wallet-balance__amount">
            {walletMoney(balance.amount, balance.currency, locale)}
          </p>
        ))
      )}
      <p className="wallet-balance__label">{t('balance')}</p>
      <div className="wallet-balance__actions">
        <Link
          to={topUpHref}
          className="adm-button adm-button-primary adm-button-shape-rounded wallet-balance__button"
        >
          {t('topUp')}
        </Link>
        <Link to={withdrawHref} className="wallet-balance__link">
          {t('withdraw')}
        </Link>
      </div>
    </section>
  );

  const renderRow = (row: WalletHistoryRow) => {
    const amount = signedMoney(row.amount, row.currency, locale);
    // An order's entry on the order's city's clock; a top-up or withdrawal on the viewer's.
    const when = dateTime(row.at, row.timeZone ?? VIEWER_ZONE);
    const typeName = t(`type.${row.type}`);
    return (
      <Link
        to={entryHref(row.entryId)}
        className="wallet-row"
        aria-label={t('rowLabel', { type: typeName, amount, date: when })}
      >
        <span className="wallet-row__main">
          <span className="wallet-row__type">{typeName}</span>
          <span className="wallet-row__meta">
            {row.orderId ? `${t('forOrder', { id: row.orderId })} · ` : ''}
            {when}
          </span>
        </span>
        <span className={row.amount < 0 ? 'wallet-row__amount is-out' : 'wallet-row__amount is-in'}>
          {amount}
        </span>
      </Link>
    );
  };

  return (
    <PagedList
      query={refreshed}
      itemKey={(row) => `${row.entryId}:${row.currency}`}
      renderItem={renderRow}
      header={
        <>
          {balanceCard}
          <h2 className="wallet-section-title">{t('history')}</h2>
          <CapsuleTabs
            activeKey={filter}
            onChange={(key) => setFilter(key as typeof filter)}
            aria-label={t('filterLabel')}
          >
            {FILTERS.map((key) => (
              <CapsuleTabs.Tab key={key} title={t(`types.${key}`)} />
            ))}
          </CapsuleTabs>
        </>
      }
      empty={
        <EmptyState
          icon={<BillOutline />}
          title={t('emptyTitle')}
          description={filter === 'all' ? t('emptyDescription') : t('emptyFiltered')}
        />
      }
    />
  );
}
