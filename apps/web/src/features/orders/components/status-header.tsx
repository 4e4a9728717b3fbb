import '../orders-strings';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api/orders-api';
import { toneOf } from '../order-tone';

/** The order's status in words, and (for the customer) what it means for them now. */
export function StatusHeader({ order, isStaff = false }: { order: OrderDetail; isStaff?: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <section
      className={`order-status-header order-status-header--${toneOf(order.status)}`}
      aria-live="polite"
    >
      <h2 className="order-status-header__title">{t(`status.${order.status}`)}</h2>
      {isStaff ? null : <p className="order-status-header__explain">{t(`explain.${order.status}`)}</p>}
    </section>
  );
}
