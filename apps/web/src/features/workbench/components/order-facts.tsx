import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { intlFormatter } from '../../../lib/intl-formatters';
import { dateHeading, localDateOfOrder, timeRange } from '../format-times';
import { earningsOf, isMasked, placeOf } from '../order-view';

/** "20 %" of a share in basis points, as the reader writes percentages. */
const percentOf = (basisPoints: number, locale: string) =>
  intlFormatter(Intl.NumberFormat, locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );

/**
 * What a provider may see of an order, as a list of facts: before acceptance only the area, the
 * project, the time and a masked name; after it the exact address, house number and a phone to call.
 */
export function OrderFacts({
  order,
  projectName,
  timeZone,
  platformShareBasisPoints,
  isPriceShown = true,
}: {
  order: OrderDetail;
  projectName: string | undefined;
  timeZone: string;
  /** The platform's share in the provider's city (work settings); unknown yet: no earnings shown. */
  platformShareBasisPoints: number | undefined;
  isPriceShown?: boolean;
}) {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  const masked = isMasked(order);
  const place = placeOf(order);
  const distance = format.distance(order.distanceMetres / 1000);
  const project = projectName ?? '';
  return (
    <dl className="order-facts">
      <dt>{t('card.project')}</dt>
      <dd>{order.clocks > 1 ? t('card.clocks', { count: order.clocks, project }) : project}</dd>
      <dt>{t('card.time')}</dt>
      <dd>
        {dateHeading(localDateOfOrder(order.startsAt, timeZone), format.locale)}{' '}
        {timeRange(order.startsAt, order.endsAt, format.locale, timeZone)}
      </dd>
      <dt>{t('card.customer')}</dt>
      <dd>{order.contactName}</dd>
      {masked || !place ? (
        <>
          <dt>{t('card.area')}</dt>
          <dd>
            {order.kind === 'homeVisit' ? t('card.areaAway', { distance }) : null}
            <span className="order-facts__hint">{t('card.hiddenUntilAccepted')}</span>
          </dd>
        </>
      ) : (
        <>
          <dt>{t('card.address')}</dt>
          <dd>{place.detail}</dd>
          {place.houseNumber ? (
            <>
              <dt>{t('card.houseNumber')}</dt>
              <dd>{place.houseNumber}</dd>
            </>
          ) : null}
          {place.arrivalNotes ? (
            <>
              <dt>{t('card.notes')}</dt>
              <dd>{place.arrivalNotes}</dd>
            </>
          ) : null}
          <dt>{t('card.phone')}</dt>
          <dd>
            <a className="order-facts__call" href={`tel:${order.contactPhone}`}>
              <PhoneFill aria-hidden="true" />
              <span>{t('card.call', { phone: order.contactPhone })}</span>
            </a>
          </dd>
        </>
      )}
      {order.kind === 'homeVisit' && order.travelMode ? (
        <>
          <dt>{t('card.travel')}</dt>
          <dd>
            {t('card.travelValue', {
              mode: t(`travelModes.${order.travelMode}`, { defaultValue: order.travelMode }),
              minutes: order.travelMinutes,
              distance,
            })}
          </dd>
        </>
      ) : null}
      {order.remark ? (
        <>
          <dt>{t('card.remark')}</dt>
          <dd>{order.remark}</dd>
        </>
      ) : null}
      {isPriceShown && platformShareBasisPoints !== undefined ? (
        <>
          <dt>{t('card.earnings')}</dt>
          <dd>
            <strong>
              {format.price({
                amount: earningsOf(order, platformShareBasisPoints),
                currency: order.quote.currency,
              })}
            </strong>{' '}
            <span className="order-facts__hint">
              {t('card.earningsHint', { share: percentOf(platformShareBasisPoints, format.locale) })}
            </span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
