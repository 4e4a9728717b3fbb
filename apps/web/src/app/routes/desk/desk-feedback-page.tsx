import {
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackStatus,
  type FeedbackType,
} from '@sabai/shared/feedback/feedback-rules';
import { Selector, Tabs } from 'antd-mobile';
import { LockOutline, MessageOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import { useStaffFeedback } from '../../../features/reviews/api/feedback-api';
import { FeedbackCard } from '../../../features/reviews/components/feedback-card';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/feedback-strings';
import * as paths from '../../../lib/paths';

/** Customer service's feedback (/desk/feedback): tabs by status, a type filter, each opens its thread. */
export default function DeskFeedbackPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const [status, setStatus] = useState<FeedbackStatus>('pending');
  const [type, setType] = useState<FeedbackType | 'all'>('all');
  const filterId = useId();
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
        <Tabs activeKey={status} onChange={(key) => setStatus(key as FeedbackStatus)}>
          {FEEDBACK_STATUSES.map((key) => (
            <Tabs.Tab key={key} title={t(`status.${key}`)} />
          ))}
        </Tabs>
        <div className="feedback-desk-filter">
          <span className="visually-hidden" id={filterId}>
            {t('desk.typeFilter')}
          </span>
          <Selector
            aria-labelledby={filterId}
            value={[type]}
            onChange={(next) => setType((next[0] as FeedbackType | 'all' | undefined) ?? 'all')}
            options={[
              { label: t('desk.allTypes'), value: 'all' },
              ...FEEDBACK_TYPES.map((value) => ({ label: t(`types.${value}`), value })),
            ]}
          />
        </div>
        <StaffList key={`${status}-${type}`} status={status} type={type} />
      </>
    );
  return (
    <Page title={t('desk.title')} backTo={paths.my.href()}>
      {content}
    </Page>
  );
}

function StaffList({ status, type }: { status: FeedbackStatus; type: FeedbackType | 'all' }) {
  const { t } = useTranslation('feedback');
  const query = useStaffFeedback(status, type, true);
  return (
    <div className="feedback-list">
      <PagedList
        query={query}
        itemKey={(feedback) => feedback.id}
        renderItem={(feedback) => (
          <FeedbackCard feedback={feedback} to={paths.deskFeedbackDetails.href(feedback.id)} />
        )}
        empty={<EmptyState icon={<MessageOutline />} title={t('desk.empty')} />}
      />
    </div>
  );
}
