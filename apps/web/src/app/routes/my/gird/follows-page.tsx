import type { Person } from '@sabai/shared/catalog/catalog.schemas';
import { Tabs } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import {
  type FollowedTherapist,
  useFans,
  useFollowing,
} from '../../../../features/discovery/api/engagement-api';
import { PersonRow } from '../../../../features/discovery/components/saved-item-card';
import { TherapistCard } from '../../../../features/discovery/components/therapist-card';
import { useQueryParams } from '../../../../features/discovery/hooks/use-query-params';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';
import '../../../../features/discovery/page-setup';

/** Spec my/gird/guanzhu: therapists I follow, and (for a therapist) who follows me. */
export default function FollowsPage() {
  const { t } = useTranslation('discovery');
  const isLoggedIn = useIsLoggedIn();
  const [params, setParams] = useQueryParams();
  const tab = params.get('tab') === 'fans' ? 'fans' : 'following';
  const following = useFollowing(isLoggedIn && tab === 'following');
  const fans = useFans(isLoggedIn && tab === 'fans');

  return (
    <Page title={t('engagement.followsTitle')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <>
          <Tabs activeKey={tab} onChange={(key) => setParams(key === 'fans' ? { tab: 'fans' } : {})}>
            <Tabs.Tab key="following" title={t('engagement.tabFollowing')} />
            <Tabs.Tab key="fans" title={t('engagement.tabFans')} />
          </Tabs>
          {tab === 'following' ? (
            <PagedList<FollowedTherapist>
              query={following}
              itemKey={(therapist) => therapist.id}
              renderItem={(therapist) => <TherapistCard therapist={therapist} />}
              empty={<EmptyState icon={<TeamOutline />} title={t('engagement.emptyFollowing')} />}
            />
          ) : (
            <PagedList<Person>
              query={fans}
              itemKey={(person) => person.userId}
              renderItem={(person) => <PersonRow person={person} />}
              empty={
                <EmptyState
                  icon={<TeamOutline />}
                  title={t('engagement.emptyFans')}
                  description={t('engagement.providersOnly')}
                />
              }
            />
          )}
        </>
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
