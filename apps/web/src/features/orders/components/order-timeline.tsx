import '../orders-strings';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import type { OrderDetail } from '../api/orders-api';

/**
 * Every transition of the order with who made it and when (in the city's time zone), newest last.
 * The customer reads their own steps as "you"; customer service reads them as the customer's.
 */
export function OrderTimeline({ order, isStaff = false }: { order: OrderDetail; isStaff?: boolean }) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const timeZone = order.labels?.timeZone;
  return (
    <section className="order-section" aria-labelledby="order-timeline-title">
      <h3 id="order-timeline-title" className="order-section__title">
        {t('detail.timeline')}
      </h3>
      <ol className="order-timeline">
        {order.timeline.map((row, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
            key={index}
            className={
              index === order.timeline.length - 1 ? 'order-timeline__row is-latest' : 'order-timeline__row'
            }
          >
            <span className="order-timeline__dot" aria-hidden="true" />
            <div className="order-timeline__body">
              <span className="order-timeline__what">
                {row.from === null ? t('timeline.created') : t(`timeline.${row.transition}`)}
                <span className="order-timeline__who">
                  {' '}
                  ·{' '}
                  {isStaff && row.actor === 'customer'
                    ? t('timeline.byCustomer')
                    : t(`timeline.by.${row.actor}`)}
                </span>
              </span>
              <time className="order-timeline__when" dateTime={row.at}>
                {format.dateTime(row.at, timeZone)}
              </time>
              {row.reason ? <span className="order-timeline__reason">{row.reason}</span> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
