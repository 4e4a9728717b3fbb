import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/**
 * A store's place without a map library: a drawn pin on a plain grid with the coordinates, and a
 * link that opens the location in a full map. Works offline and costs no tiles.
 */
export function StaticLocation({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const { t } = useTranslation('discovery');
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return (
    <div className="static-location">
      <div className="static-location__map" role="img" aria-label={`${t('store.location')}: ${name}`}>
        <EnvironmentOutline className="static-location__pin" aria-hidden="true" />
      </div>
      <div className="static-location__foot">
        <span className="detail__muted">
          {lat.toFixed(5)}, {lng.toFixed(5)}
        </span>
        <a className="detail__link" href={href} target="_blank" rel="noopener noreferrer">
          {t('store.openMap')}
        </a>
      </div>
    </div>
  );
}
