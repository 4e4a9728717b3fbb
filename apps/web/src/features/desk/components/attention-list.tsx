import '../desk-strings';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import type { PagedQuery } from '../../../hooks/use-paged-query';
import * as paths from '../../../lib/paths';
import type { AttentionItem } from '../api/desk-api';

/** Orders needing attention: what was flagged, since when, and the order at a glance; longest waiting first. */
export function AttentionList({ pages }: { pages: PagedQuery<AttentionItem> }) {
  const { t } = useTranslation('desk');
  const { t: tOrders } = useTranslation('orders');
  const format = useFormatting();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="desk-section" aria-labelledby="desk-attention-title">
      <h2 id="desk-attention-title" className="desk-section__title">
        {t('attention.title')}
      </h2>
      {pages.isPending ? (
        <CardSkeletons count={3} />
      ) : pages.isError ? (
        <LoadError error={pages.error} onRetry={() => pages.refetch()} isRetrying={pages.isFetching} />
      ) : items.length === 0 ? (
        <p className="desk-empty" role="status">
          {t('attention.none')}
        </p>
      ) : (
        <ul className="desk-list" aria-label={t('attention.title')}>
          {items.map((item) => (
            <li key={item.flagId}>
              <Link
                className="desk-card desk-card--flag"
                to={paths.orderDetail.href(item.order.id)}
                aria-label={t('open', { number: item.order.orderNumber })}
              >
                <span className="desk-card__head">
                  <span className="desk-flag">{t(`flags.${item.kind}`)}</span>
                  <span className="desk-card__status">{tOrders(`status.${item.order.status}`)}</span>
                </span>
                <span className="desk-card__number">{item.order.orderNumber}</span>
                <span className="desk-card__meta">
                  {t('attention.since', {
                    time: format.dateTime(item.raisedAt, item.order.labels?.timeZone),
                  })}
                </span>
                <span className="desk-card__meta">
                  {t('attention.startsAt', {
                    time: format.dateTime(item.order.startsAt, item.order.labels?.timeZone),
                  })}{' '}
                  · {format.price({ amount: item.order.payable, currency: item.order.currency })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <Button
          block
          fill="none"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('attention.more')}
        </Button>
      ) : null}
    </section>
  );
}
