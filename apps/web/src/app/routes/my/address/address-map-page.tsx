import type { LatLng } from '@sabai/shared/geo';
import { Button } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import '../../../../features/addresses/addresses.css';
import '../../../../features/addresses/addresses-strings';
import { readDraft, setDraftPoint } from '../../../../features/addresses/address-draft';
import { PinMap } from '../../../../features/addresses/components/pin-map';
import { useMapTiles } from '../../../../features/discovery/api/map-tiles';
import { useCurrentCity } from '../../../../hooks/use-current-city';
import { type LocateError, useUserLocation } from '../../../../hooks/use-user-location';
import * as paths from '../../../../lib/paths';

/** Phnom Penh, when neither the address, the user nor the city gives a better start. */
const FALLBACK_CENTRE: LatLng = { lat: 11.5564, lng: 104.9282 };

/**
 * Spec my/address/mapaddress: a full-screen map with a draggable pin (or the browser's position).
 * Confirming writes the point into the form's draft and goes back to the form, unsaved fields intact.
 */
export default function AddressMapPage() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : undefined;
  const tiles = useMapTiles();
  const { city } = useCurrentCity();
  const { position, refresh } = useUserLocation();
  const [point, setPoint] = useState<LatLng | undefined>(() => {
    const draft = readDraft(id);
    return typeof draft?.lat === 'number' && typeof draft.lng === 'number'
      ? { lat: draft.lat, lng: draft.lng }
      : undefined;
  });
  const shown = point ?? position ?? city?.location ?? FALLBACK_CENTRE;
  const [hasNoTiles, setHasNoTiles] = useState(false);
  const [locateProblem, setLocateProblem] = useState<LocateError>();
  const [isLocating, setLocating] = useState(false);

  const locateMe = async () => {
    setLocating(true);
    setLocateProblem(undefined);
    try {
      setPoint(await refresh());
    } catch (error) {
      const problem: LocateError = error === 'denied' ? 'denied' : 'unavailable';
      setLocateProblem(problem);
      showToast(t(`map.${problem}`), 3000);
    } finally {
      setLocating(false);
    }
  };

  const confirmPoint = () => {
    setDraftPoint(id, shown);
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(paths.editAddress.href(id), { replace: true });
  };

  return (
    <Page title={t('map.title')} backTo={paths.editAddress.href(id)} className="address-map-page">
      <PinMap
        point={shown}
        tiles={tiles}
        onMove={setPoint}
        onTilesFailed={() => setHasNoTiles(true)}
        label={t('map.title')}
        pinLabel={t('map.pin')}
      />
      <div className="address-map__panel">
        <p className={locateProblem ? 'address-map__note is-problem' : 'address-map__note'} role="status">
          {locateProblem ? t(`map.${locateProblem}`) : hasNoTiles ? t('map.noTiles') : t('map.hint')}
        </p>
        <div className="address-map__buttons">
          <Button fill="outline" loading={isLocating} onClick={() => void locateMe()}>
            <EnvironmentOutline aria-hidden="true" />{' '}
            {isLocating ? t('map.locating') : t('map.useMyLocation')}
          </Button>
          <Button color="primary" onClick={confirmPoint}>
            {t('map.confirm')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
