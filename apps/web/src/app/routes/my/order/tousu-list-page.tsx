import { FileWrongOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { reviewKeys, useMyComplaints } from '../../../../features/reviews/api/reviews-api';
import { ComplaintCard } from '../../../../features/reviews/components/complaint-card';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import * as paths from '../../../../lib/paths';
import { myUserTopic, useLiveQueries } from '../../../../lib/realtime/use-realtime-topic';

/** Customer service's decision reaches `user:<me>` (decision 049): the list refreshes itself. */
const LIVE_KEYS = [reviewKeys.complaints];

/** Spec my/order/tousuList: my complaints with their status and customer service's reply. */
export default function TousuListPage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  const query = useMyComplaints(isLoggedIn);
  useLiveQueries(isLoggedIn ? myUserTopic() : null, LIVE_KEYS);
  return (
    <Page title={t('list.title')} backTo={paths.my.href()}>
      {!isLoggedIn ? (
        <LoginRequired />
      ) : (
        <div className="complaint-list">
          <PagedList
            query={query}
            itemKey={(complaint) => complaint.id}
            renderItem={(complaint) => <ComplaintCard complaint={complaint} />}
            empty={
              <EmptyState
                icon={<FileWrongOutline />}
                title={t('list.empty')}
                description={t('list.emptyDescription')}
              />
            }
          />
        </div>
      )}
    </Page>
  );
}
