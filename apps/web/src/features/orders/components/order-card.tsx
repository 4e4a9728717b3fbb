import '../orders-strings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import * as paths from '../../../lib/paths';
import type { OrderSummary } from '../api/orders-api';
import { toneOf } from '../order-tone';

/** One order in the list: who, what, when (in the city's time), its status and what it costs. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const party = order.labels?.therapistName ?? order.labels?.storeName ?? '';
  return (
    <Link
      to={paths.orderDetail.href(order.id)}
      className="order-card"
      aria-label={t('card.open', { number: order.orderNumber })}
    >
      <div className="order-card__head">
        <span className="order-card__party">
          <span className="order-card__kind">
            {t(order.kind === 'inStore' ? 'card.inStore' : 'card.homeVisit')}
          </span>
          {party}
        </span>
        <span className={`order-status order-status--${toneOf(order.status)}`}>
          {t(`status.${order.status}`)}
        </span>
      </div>
      <div className="order-card__project">
        {order.labels?.projectName} · {t('card.clocks', { count: order.clocks })}
      </div>
      <div className="order-card__foot">
        <time dateTime={order.startsAt}>{format.dateTime(order.startsAt, order.labels?.timeZone)}</time>
        <span className="price">{format.price({ amount: order.payable, currency: order.currency })}</span>
      </div>
    </Link>
  );
}
