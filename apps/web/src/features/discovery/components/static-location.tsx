import { EnvironmentOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Leaflet (≈ 40 KB gz) loads only when a store's page shows its map, never with the first screen.
const StoreMap = lazy(() => import('./store-map'));

/**
 * A store's place: a Leaflet map with its pin (tiles from the server's map configuration), the
 * address, and a link that opens the location in a full map app. Until Leaflet has loaded a drawn
 * pin stands in; without tiles the pin stays on a plain background and a note says why.
 */
export function StaticLocation({
  lat,
  lng,
  name,
  address,
}: {
  lat: number;
  lng: number;
  name: string;
  address: string;
}) {
  const { t } = useTranslation('discovery');
  const [hasNoTiles, setHasNoTiles] = useState(false);
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  const label = `${t('store.location')}: ${name}`;
  return (
    <div className="static-location">
      <Suspense
        fallback={
          <div className="static-location__map" role="img" aria-label={label}>
            <EnvironmentOutline className="static-location__pin" aria-hidden="true" />
          </div>
        }
      >
        <StoreMap lat={lat} lng={lng} label={label} onTilesFailed={() => setHasNoTiles(true)} />
      </Suspense>
      {hasNoTiles ? (
        <p className="map-note" role="status">
          {t('store.mapNoTiles')}
        </p>
      ) : null}
      <div className="static-location__foot">
        <span className="static-location__address">{address}</span>
        <a className="detail__link" href={href} target="_blank" rel="noopener noreferrer">
          {t('store.openMap')}
        </a>
      </div>
    </div>
  );
}
