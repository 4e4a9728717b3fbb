import '../orders-strings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import * as paths from '../../../lib/paths';
import type { OrderDetail } from '../api/orders-api';
import { LivePosition } from './live-position';
import { OrderActions } from './order-actions';
import { OrderTimeline } from './order-timeline';
import { PriceBreakdown } from './price-breakdown';
import type { OrderMapTiles } from './provider-map';
import { RefundPanel } from './refund-panel';
import { StatusHeader } from './status-header';
import { VerificationCode } from './verification-code';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** The order's address as the customer entered it (house number and notes included). */
function addressText(address: Record<string, unknown> | null): string {
  if (!address) return '';
  return [textOf(address.houseNumber), textOf(address.detail), textOf(address.arrivalNotes)]
    .filter(Boolean)
    .join(', ');
}

/** `staffTools`: customer service's reassignment and audit trail, composed in by the page. */
export function OrderDetailView({
  order,
  tiles,
  isStaff = false,
  staffTools,
  moneyExtras,
}: {
  order: OrderDetail;
  tiles: OrderMapTiles;
  isStaff?: boolean;
  staffTools?: React.ReactNode;
  /** Tips (decision 045), composed in by the page: features never import each other. */
  moneyExtras?: React.ReactNode;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const timeZone = order.labels?.timeZone;
  const lat = numberOf(order.address?.lat);
  const lng = numberOf(order.address?.lng);
  const destination = lat !== null && lng !== null ? { lat, lng } : null;
  const showsCode = order.verificationCode && (order.status === 'toBeUsed' || order.status === 'preparing');
  const rows: [string, string][] = [
    [t('detail.orderNumber'), order.orderNumber],
    order.labels?.therapistName ? [t('detail.therapist'), order.labels.therapistName] : null,
    order.labels?.storeName ? [t('detail.store'), order.labels.storeName] : null,
    [
      t('detail.project'),
      `${order.labels?.projectName ?? ''} · ${t('card.clocks', { count: order.clocks })}`,
    ],
    [t('detail.startsAt'), format.dateTime(order.startsAt, timeZone)],
    [t('detail.endsAt'), format.dateTime(order.endsAt, timeZone)],
    order.travelMode ? [t('detail.travelMode'), t(`travelModes.${order.travelMode}`)] : null,
    addressText(order.address) ? [t('detail.address'), addressText(order.address)] : null,
    order.contactName || order.contactPhone
      ? [t('detail.contact'), [order.contactName, order.contactPhone].filter(Boolean).join(' · ')]
      : null,
    order.remark ? [t('detail.remark'), order.remark] : null,
    [t('detail.createdAt'), format.dateTime(order.createdAt, timeZone)],
  ].filter((row): row is [string, string] => row !== null);

  return (
    <div className="order-detail">
      <StatusHeader order={order} isStaff={isStaff} />
      {order.status === 'departed' ? (
        <LivePosition
          position={order.providerPosition ?? null}
          destination={destination}
          tiles={tiles}
          timeZone={timeZone}
        />
      ) : null}
      {showsCode && order.verificationCode ? <VerificationCode code={order.verificationCode} /> : null}
      <OrderActions order={order} isStaff={isStaff} />
      {!isStaff && order.timeline.some((entry) => entry.to === 'accepted') ? (
        <p className="order-detail__chat">
          <Link
            className="adm-button adm-button-default adm-button-block adm-button-shape-default"
            to={paths.chatIndex.href({ order_id: order.id })}
          >
            {t('actions.chat')}
          </Link>
        </p>
      ) : null}
      {isStaff ? null : (
        // Feedback about this order (decision 053): the spec's instoreFeedback for an in-store visit.
        <p className="order-detail__chat">
          <Link
            className="adm-button adm-button-default adm-button-block adm-button-fill-none adm-button-shape-default"
            to={
              order.kind === 'inStore'
                ? paths.instoreFeedback.href(order.id)
                : paths.orderFeedback.href(order.id)
            }
          >
            {t('actions.feedback')}
          </Link>
        </p>
      )}
      {order.status === 'refunding' || order.status === 'refunded' ? (
        <RefundPanel orderId={order.id} timeZone={timeZone} isStaff={isStaff} />
      ) : null}
      {staffTools}
      <section className="order-section" aria-label={t('detail.title')}>
        <dl className="order-lines">
          {rows.map(([label, value]) => (
            <div key={label} className="order-lines__row order-lines__row--info">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PriceBreakdown order={order} />
      {moneyExtras}
      <OrderTimeline order={order} isStaff={isStaff} />
      <p className="order-detail__receipt">
        <Link to={paths.orderReceipt.href(order.id)}>{t('actions.receipt')}</Link>
      </p>
    </div>
  );
}
