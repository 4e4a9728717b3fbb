import type { TherapistCard as Therapist } from '@sabai/shared/catalog/catalog.schemas';
import { EnvironmentOutline, TeamOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useTherapistPages } from '../../../features/discovery/api/discovery-api';
import type { TherapistFilters } from '../../../features/discovery/api/therapist-filters';
import { TherapistCard } from '../../../features/discovery/components/therapist-card';
import { useCityTimeZone } from '../../../hooks/use-current-city';
import { useUserLocation } from '../../../hooks/use-user-location';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

const AVAILABLE_NOW: TherapistFilters = { sort: 'distance', availableNow: true };

/** The centre "Book" tab: therapists available right now, nearest first, and the ways to browse all. */
export default function AvailableTherapistsPage() {
  const { t } = useTranslation('discovery');
  const { position } = useUserLocation();
  const timeZone = useCityTimeZone();
  const query = useTherapistPages(AVAILABLE_NOW, position);
  return (
    <Page title={t('therapist:title')}>
      <PagedList<Therapist>
        query={query}
        header={
          <>
            <nav className="entry-row" aria-label={t('therapist.listTitle')}>
              <Link className="entry-button" to={paths.therapistList.href()}>
                <TeamOutline aria-hidden="true" />
                <span>{t('therapist.allTherapists')}</span>
              </Link>
              <Link className="entry-button" to={paths.therapistMap.href({ availableNow: true })}>
                <EnvironmentOutline aria-hidden="true" />
                <span>{t('therapist.map')}</span>
              </Link>
            </nav>
            <h2 className="list-heading">{t('therapist.availableNowTitle')}</h2>
          </>
        }
        itemKey={(therapist) => therapist.id}
        renderItem={(therapist) => <TherapistCard therapist={therapist} timeZone={timeZone} />}
        empty={
          <EmptyState
            icon={<UserContactOutline />}
            title={t('therapist.emptyNow')}
            description={t('therapist.emptyNowHint')}
          />
        }
      />
    </Page>
  );
}
