import type { TherapistCard as Therapist } from '@sabai/shared/catalog/catalog.schemas';
import { EnvironmentOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useTherapistPages } from '../../../features/discovery/api/discovery-api';
import {
  parseTherapistFilters,
  therapistFiltersToParams,
} from '../../../features/discovery/api/therapist-filters';
import { NearestFromCentreNote } from '../../../features/discovery/components/nearest-from-centre-note';
import { TherapistCard } from '../../../features/discovery/components/therapist-card';
import { TherapistFilterBar } from '../../../features/discovery/components/therapist-filter-bar';
import { useQueryParams } from '../../../features/discovery/hooks/use-query-params';
import { useCityTimeZone } from '../../../hooks/use-current-city';
import { useUserLocation } from '../../../hooks/use-user-location';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec therapist/therapistList: filters and sort in the URL, paged, pull-to-refresh. */
export default function TherapistListPage() {
  const { t } = useTranslation('discovery');
  const [params, setParams] = useQueryParams();
  const filters = parseTherapistFilters(params);
  const { position, refresh: locateMe } = useUserLocation();
  const timeZone = useCityTimeZone();
  const query = useTherapistPages(filters, position);
  // "Nearest" without a position sorts from the city centre and shows no distances: say so, and
  // ask for the position when the user picks that sort (a tap, so the browser's prompt is expected).
  const isNearestFromCentre = filters.sort === 'distance' && !position;
  const askForPosition = () => void locateMe().catch(() => {});

  return (
    <Page title={t('therapist.listTitle')} backTo={paths.therapist.href()}>
      <div className="list-toolbar">
        <TherapistFilterBar
          filters={filters}
          onChange={(next) => {
            if (next.sort === 'distance' && filters.sort !== 'distance' && !position) askForPosition();
            setParams(therapistFiltersToParams(next));
          }}
          extra={
            <Link className="chip chip--link" to={paths.therapistMap.href(params)}>
              <EnvironmentOutline aria-hidden="true" /> {t('therapist.map')}
            </Link>
          }
        />
      </div>
      {isNearestFromCentre ? <NearestFromCentreNote onLocate={askForPosition} /> : null}
      <PagedList<Therapist>
        query={query}
        itemKey={(therapist) => therapist.id}
        renderItem={(therapist, index) => (
          <TherapistCard therapist={therapist} timeZone={timeZone} index={index} />
        )}
        empty={
          <EmptyState
            icon={<UserContactOutline />}
            title={t('therapist.empty')}
            description={t('therapist.emptyHint')}
          />
        }
      />
    </Page>
  );
}
