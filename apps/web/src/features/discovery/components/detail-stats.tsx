import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';

/** A therapist's or a store's page: rating, review and order counts, and how far away it is. */
export function DetailStats({
  rating,
  reviewCount,
  orderCount,
  distanceKm,
}: {
  rating: number;
  reviewCount: number;
  orderCount: number;
  distanceKm: number | null;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <div className="therapist-card__meta">
      <span className="rating">
        <StarFill aria-hidden="true" /> {display.rating(rating)}
      </span>
      <span>{t('therapist.reviews', { count: reviewCount })}</span>
      <span>{t('therapist.orders', { count: orderCount })}</span>
      {distanceKm !== null ? (
        <span>{t('therapist.away', { distance: display.distance(distanceKm) })}</span>
      ) : null}
    </div>
  );
}
