import { ERROR_CODES } from '@sabai/shared/error-codes';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useWalletEntry } from '../api/wallet-api';
import { signedMoney } from '../money';
import '../wallet-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';

const NOT_FOUND = ERROR_CODES.notFound.code;

/** Spec my/wallet/mymoneydetail: one movement of the wallet, opened from its history row. */
export function EntryDetailView({
  entryId,
  orderHref,
}: {
  entryId: number | undefined;
  orderHref: (id: number) => string;
}) {
  const { t } = useTranslation('wallet');
  const { locale, dateTime } = useFormatting();
  const query = useWalletEntry(entryId, true);
  if (entryId === undefined) return <NotFoundBlock />;
  if (query.isPending) return <CardSkeletons count={2} />;
  if (query.isError)
    return isApiError(query.error) && query.error.code === NOT_FOUND ? (
      <NotFoundBlock />
    ) : (
      <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
    );
  const entry = query.data;
  return (
    <section className="wallet-detail">
      <p className={entry.amount < 0 ? 'wallet-detail__amount is-out' : 'wallet-detail__amount is-in'}>
        {signedMoney(entry.amount, entry.currency, locale)}
      </p>
      <List>
        <List.Item extra={t(`type.${entry.type}`)}>{t('detail.type')}</List.Item>
        <List.Item extra={dateTime(entry.at, entry.timeZone ?? VIEWER_ZONE)}>{t('detail.time')}</List.Item>
        {entry.orderId ? (
          <List.Item
            extra={<Link to={orderHref(entry.orderId)}>{t('detail.openOrder', { id: entry.orderId })}</Link>}
          >
            {t('detail.order')}
          </List.Item>
        ) : null}
        <List.Item extra={`#${entry.entryId}`}>{t('detail.reference')}</List.Item>
        {entry.reversesEntryId ? (
          <List.Item>{t('detail.correction', { id: entry.reversesEntryId })}</List.Item>
        ) : null}
        {entry.memo ? <List.Item extra={entry.memo}>{t('detail.note')}</List.Item> : null}
      </List>
    </section>
  );
}
