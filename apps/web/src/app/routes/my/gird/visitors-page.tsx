import type { Person } from '@sabai/shared/catalog/catalog.schemas';
import { EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { useVisitors } from '../../../../features/discovery/api/engagement-api';
import { PersonRow } from '../../../../features/discovery/components/saved-item-card';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';
import '../../../../features/discovery/page-setup';

/** Spec my/gird/visitor: who viewed my therapist profile, most recent first. */
export default function VisitorsPage() {
  const { t } = useTranslation('discovery');
  const isLoggedIn = useIsLoggedIn();
  const query = useVisitors(isLoggedIn);
  return (
    <Page title={t('engagement.visitorsTitle')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <PagedList<Person>
          query={query}
          itemKey={(person) => person.userId}
          renderItem={(person) => <PersonRow person={person} showVisits />}
          empty={
            <EmptyState
              icon={<EyeOutline />}
              title={t('engagement.emptyVisitors')}
              description={t('engagement.emptyVisitorsHint')}
            />
          }
        />
      ) : (
        <LoginRequired />
      )}
    </Page>
  );
}
