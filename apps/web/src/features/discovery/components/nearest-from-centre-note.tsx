import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/**
 * "Nearest" without the user's position: the server sorts from the city centre and no card shows
 * a distance, so the list says so and offers to share the position (the therapist list, decision
 * 082; the store list, decision 087). The server draws the same note in the page before any script
 * (apps/server/src/http/web-shell.ts), in the place a list puts it.
 */
export function NearestFromCentreNote({ onLocate }: { onLocate: () => void }) {
  const { t } = useTranslation('discovery');
  return (
    <p className="list-note" role="status">
      <span>{t('therapist.nearestFromCentre')}</span>
      <button type="button" className="chip chip--link" onClick={onLocate}>
        <EnvironmentOutline aria-hidden="true" /> {t('home.locate')}
      </button>
    </p>
  );
}
