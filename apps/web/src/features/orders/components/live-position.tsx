import '../orders-strings';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import type { ProviderPosition } from '../api/orders-api';
import type { MapPoint, OrderMapTiles } from './provider-map';

// Leaflet loads only when an order is being travelled to, never with the list.
const ProviderMap = lazy(() => import('./provider-map'));

/** While the therapist travels: where they are, when they will arrive, and the customer's address. */
export function LivePosition({
  position,
  destination,
  tiles,
  timeZone,
}: {
  position: ProviderPosition | null;
  destination: MapPoint | null;
  tiles: OrderMapTiles;
  timeZone?: string;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const [hasNoTiles, setHasNoTiles] = useState(false);
  const eta =
    position?.etaMinutes === null || position?.etaMinutes === undefined
      ? null
      : position.etaMinutes <= 0
        ? t('map.etaNow')
        : t('map.eta', { minutes: format.count(position.etaMinutes) });
  return (
    <section className="order-section order-map" aria-labelledby="order-map-title">
      <h3 id="order-map-title" className="order-section__title">
        {t('map.title')} <span className="order-map__live">{t('detail.live')}</span>
      </h3>
      <Suspense fallback={<div className="order-map__canvas" />}>
        <ProviderMap
          provider={position ? { lat: position.lat, lng: position.lng } : null}
          destination={destination}
          tiles={tiles}
          labels={{ map: t('map.title'), provider: t('map.therapist'), destination: t('map.you') }}
          onTilesFailed={() => setHasNoTiles(true)}
        />
      </Suspense>
      <p className="order-map__eta" role="status" data-testid="order-eta">
        {position ? (
          <>
            <strong>{eta}</strong>
            <span className="order-map__updated">
              {t('map.updatedAt', { time: format.dateTime(position.at, timeZone) })}
            </span>
          </>
        ) : (
          t('map.waiting')
        )}
      </p>
      {hasNoTiles ? <p className="order-map__note">{t('map.noTiles')}</p> : null}
    </section>
  );
}
