import { STAFF_REVIEW_FILTERS } from '@sabai/shared/reviews/reviews.schemas';
import { Switch, Tabs } from 'antd-mobile';
import { LockOutline, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import { useStaffReviews } from '../../../features/reviews/api/reviews-api';
import { ReviewCard } from '../../../features/reviews/components/review-card';
import { ReviewHideForm } from '../../../features/reviews/components/review-hide-form';
import { useFormatting } from '../../../hooks/use-formatting';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/reviews-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';

type Filter = (typeof STAFF_REVIEW_FILTERS)[number];

/** Customer service's reviews (/desk/reviews): hide one that breaks the rules, with a reason (audited). */
export default function DeskReviewsPage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const [status, setStatus] = useState<Filter>('visible');
  const [isLowOnly, setLowOnly] = useState(true);
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (!isStaff)
    content = (
      <EmptyState
        icon={<LockOutline />}
        title={t('desk.staffOnly')}
        description={t('desk.staffOnlyDescription')}
      />
    );
  else
    content = (
      <>
        <Tabs activeKey={status} onChange={(key) => setStatus(key as Filter)}>
          {STAFF_REVIEW_FILTERS.map((key) => (
            <Tabs.Tab key={key} title={t(`manage.filter.${key}`)} />
          ))}
        </Tabs>
        {status === 'visible' ? (
          <div className="desk-reviews__low">
            <span id="desk-reviews-low">{t('manage.lowOnly')}</span>
            <Switch checked={isLowOnly} onChange={setLowOnly} aria-labelledby="desk-reviews-low" />
          </div>
        ) : null}
        <StaffReviewList key={`${status}-${isLowOnly}`} status={status} isLowOnly={isLowOnly} />
      </>
    );
  return (
    <Page title={t('manage.deskTitle')} backTo={paths.my.href()}>
      {content}
    </Page>
  );
}

function StaffReviewList({ status, isLowOnly }: { status: Filter; isLowOnly: boolean }) {
  const { t } = useTranslation('reviews');
  const format = useFormatting();
  const query = useStaffReviews(status, status === 'visible' && isLowOnly, true);
  return (
    <div className="complaint-list">
      <PagedList
        query={query}
        itemKey={(review) => review.id}
        renderItem={(review) => (
          <div>
            <ReviewCard review={review} about={review.therapistName ?? review.storeName}>
              {review.hiddenAt ? (
                <p className="review-card__hidden">
                  {t('manage.hiddenBecause', {
                    time: format.dateTime(review.hiddenAt, VIEWER_ZONE),
                    reason: review.hiddenReason ?? '',
                  })}
                </p>
              ) : null}
            </ReviewCard>
            {review.hiddenAt ? null : <ReviewHideForm reviewId={review.id} />}
          </div>
        )}
        empty={<EmptyState icon={<StarOutline />} title={t('desk.empty')} />}
      />
    </div>
  );
}
