import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import * as paths from '../../../lib/paths';
import { timeRange } from '../format-times';
import { OrderFacts } from './order-facts';

/** One order on the workbench: time and status on top, then what the provider may see of it. */
export function OrderCard({
  order,
  projectName,
  timeZone,
  platformShareBasisPoints,
  actions,
  isLinked = true,
}: {
  order: OrderDetail;
  projectName: string | undefined;
  timeZone: string;
  platformShareBasisPoints: number | undefined;
  actions?: ReactNode;
  isLinked?: boolean;
}) {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  return (
    <article className="order-card" aria-label={t('order.number', { number: order.orderNumber })}>
      <header className="order-card__header">
        <strong className="order-card__time">
          {timeRange(order.startsAt, order.endsAt, format.locale, timeZone)}
        </strong>
        <Tag color={order.status === 'waitingAcceptance' ? 'warning' : 'primary'} fill="outline">
          {t(`status.${order.status}`, { defaultValue: order.status })}
        </Tag>
      </header>
      <OrderFacts
        order={order}
        projectName={projectName}
        timeZone={timeZone}
        platformShareBasisPoints={platformShareBasisPoints}
      />
      <footer className="order-card__footer">
        {actions}
        {isLinked ? (
          <Link className="order-card__open" to={paths.workbenchOrder.href(order.id)}>
            {t('card.open', { number: order.orderNumber })}
          </Link>
        ) : null}
      </footer>
    </article>
  );
}
