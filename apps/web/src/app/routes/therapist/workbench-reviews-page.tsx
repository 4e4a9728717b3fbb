import { StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { useReceivedReviews } from '../../../features/reviews/api/reviews-api';
import { ReviewCard } from '../../../features/reviews/components/review-card';
import { ReviewReplyForm } from '../../../features/reviews/components/review-reply-form';
import { ReviewTranslation } from '../../../features/reviews/components/review-translation';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/reviews-strings';
import * as paths from '../../../lib/paths';

/** The workbench's reviews: what customers said about me, translated on demand, and my one reply. */
export default function WorkbenchReviewsPage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('manage.workbenchTitle')} backTo={paths.therapist.href()}>
      {isLoggedIn ? <ReceivedList /> : <LoginRequired />}
    </Page>
  );
}

function ReceivedList() {
  const { t } = useTranslation('reviews');
  const query = useReceivedReviews(true);
  return (
    <div className="complaint-list">
      <PagedList
        query={query}
        itemKey={(review) => review.id}
        renderItem={(review) => (
          <div>
            <ReviewCard review={review}>
              {review.text || review.reply ? <ReviewTranslation reviewId={review.id} /> : null}
            </ReviewCard>
            {review.reply === null ? <ReviewReplyForm reviewId={review.id} /> : null}
          </div>
        )}
        empty={
          <EmptyState
            icon={<StarOutline />}
            title={t('manage.noReviews')}
            description={t('manage.noReviewsHint')}
          />
        }
      />
    </div>
  );
}
