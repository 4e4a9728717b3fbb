import type { StoreCard as Store } from '@sabai/shared/catalog/catalog.schemas';
import { EnvironmentOutline, StarFill } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import { useDisplay } from '../hooks/use-display';
import { cardImageLoading } from './card-image-loading';

/**
 * One store in a list; `index` is its place in the list (the first screen's covers load eagerly).
 * Memoised, like the therapist's card: a list's update redraws the list, not every card (decision 098).
 */
export const StoreCard = memo(function StoreCard({ store, index }: { store: Store; index?: number }) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <Link className="store-card" to={paths.storeDetail.href(store.id)}>
      <img
        className="store-card__cover"
        src={store.cover}
        alt=""
        {...cardImageLoading(index)}
        width={96}
        height={72}
      />
      <div className="store-card__body">
        <div className="store-card__top">
          <span className="store-card__name">{store.name}</span>
          <span className={store.isOpenNow ? 'open-tag open-tag--open' : 'open-tag'}>
            {store.isOpenNow ? t('store.openNow') : t('store.closedNow')}
          </span>
        </div>
        <div className="therapist-card__meta">
          <span className="rating">
            <StarFill aria-hidden="true" /> {display.rating(store.rating)}
          </span>
          <span>{t('therapist.orders', { count: store.orderCount })}</span>
          {store.distanceKm !== null ? <span>{display.distance(store.distanceKm)}</span> : null}
        </div>
        <div className="store-card__address">
          <EnvironmentOutline aria-hidden="true" /> <span>{store.address}</span>
        </div>
      </div>
    </Link>
  );
});
