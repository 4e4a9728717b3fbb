import { Button } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { feedbackKeys, useMyFeedback } from '../../../../features/reviews/api/feedback-api';
import { FeedbackCard } from '../../../../features/reviews/components/feedback-card';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/feedback-strings';
import * as paths from '../../../../lib/paths';
import { myUserTopic, useLiveQueries } from '../../../../lib/realtime/use-realtime-topic';

/** Customer service's replies and status changes reach `user:<me>` (decision 053): the list refreshes. */
const LIVE_KEYS = [feedbackKeys.all];

/** Spec my/feedback/list: my feedback with its status, most recently active first. */
export default function FeedbackListPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const query = useMyFeedback(isLoggedIn);
  useLiveQueries(isLoggedIn ? myUserTopic() : null, LIVE_KEYS);
  return (
    <Page title={t('list.title')} backTo={paths.my.href()}>
      {!isLoggedIn ? (
        <LoginRequired />
      ) : (
        <>
          <div className="feedback-list-actions">
            <Button block color="primary" onClick={() => navigate(paths.feedbackForm.href())}>
              {t('list.new')}
            </Button>
          </div>
          <div className="feedback-list">
            <PagedList
              query={query}
              itemKey={(feedback) => feedback.id}
              renderItem={(feedback) => (
                <FeedbackCard feedback={feedback} to={paths.feedbackDetails.href(feedback.id)} />
              )}
              empty={
                <EmptyState
                  icon={<MessageOutline />}
                  title={t('list.empty')}
                  description={t('list.emptyDescription')}
                />
              }
            />
          </div>
        </>
      )}
    </Page>
  );
}
