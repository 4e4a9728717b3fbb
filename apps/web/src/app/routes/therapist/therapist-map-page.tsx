import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useTherapistPages } from '../../../features/discovery/api/discovery-api';
import { parseTherapistFilters } from '../../../features/discovery/api/therapist-filters';
import { TherapistCard } from '../../../features/discovery/components/therapist-card';
import { TherapistMap } from '../../../features/discovery/components/therapist-map';
import { useQueryParams } from '../../../features/discovery/hooks/use-query-params';
import { useCurrentCity } from '../../../hooks/use-current-city';
import { useUserLocation } from '../../../hooks/use-user-location';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec therapist/maptherapist: the same therapists as the list, on a Leaflet map with a list below. */
export default function TherapistMapPage() {
  const { t } = useTranslation('discovery');
  const [params] = useQueryParams();
  const filters = parseTherapistFilters(params);
  const { position } = useUserLocation();
  const { city } = useCurrentCity();
  const query = useTherapistPages(filters, position);
  const [selectedId, setSelectedId] = useState<number>();
  const [hasNoTiles, setHasNoTiles] = useState(false);
  const therapists = query.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = therapists.find((therapist) => therapist.id === selectedId);

  return (
    <Page title={t('therapist.mapTitle')} backTo={paths.therapistList.href()}>
      <TherapistMap
        therapists={therapists}
        centre={position ?? city?.location}
        userPosition={position}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onTilesFailed={() => setHasNoTiles(true)}
        label={t('therapist.mapTitle')}
      />
      <p className="map-note" role="status">
        {hasNoTiles ? t('therapist.mapNoTiles') : t('therapist.mapHint')}
      </p>
      {selected ? (
        <div className="map-selected">
          <TherapistCard therapist={selected} timeZone={city?.timeZone} />
        </div>
      ) : null}
      <div className="list-toolbar list-toolbar--end">
        <Link className="chip chip--link" to={paths.therapistList.href(params)}>
          {t('therapist.list')}
        </Link>
      </div>
      {query.isPending ? <CardSkeletons count={3} /> : null}
      {query.isError && therapists.length === 0 ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
      ) : null}
      <ul className="paged-list">
        {therapists.map((therapist) => (
          <li key={therapist.id} className="paged-list__item">
            <TherapistCard therapist={therapist} timeZone={city?.timeZone} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="paged-list__earlier">
          <Button
            fill="outline"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('states.showMore')}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
