import { COMPLAINT_STATUSES, type ComplaintStatus } from '@sabai/shared/reviews/review-rules';
import { Tabs } from 'antd-mobile';
import { FileWrongOutline, LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import { useStaffComplaints } from '../../../features/reviews/api/reviews-api';
import { ComplaintCard } from '../../../features/reviews/components/complaint-card';
import { ComplaintDecision } from '../../../features/reviews/components/complaint-decision';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/reviews-strings';
import * as paths from '../../../lib/paths';

/** Customer service's complaints (/desk/complaints): pending ones answered with a reply, audited. */
export default function DeskComplaintsPage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const [status, setStatus] = useState<ComplaintStatus>('pending');
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
        <Tabs activeKey={status} onChange={(key) => setStatus(key as ComplaintStatus)}>
          {COMPLAINT_STATUSES.map((key) => (
            <Tabs.Tab key={key} title={t(`status.${key}`)} />
          ))}
        </Tabs>
        <StaffList key={status} status={status} />
      </>
    );
  return (
    <Page title={t('desk.title')} backTo={paths.my.href()}>
      {content}
    </Page>
  );
}

function StaffList({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('reviews');
  const query = useStaffComplaints(status, true);
  return (
    <div className="complaint-list">
      <PagedList
        query={query}
        itemKey={(complaint) => complaint.id}
        renderItem={(complaint) => (
          <div>
            <ComplaintCard complaint={complaint} />
            {complaint.status === 'pending' ? <ComplaintDecision complaint={complaint} /> : null}
          </div>
        )}
        empty={<EmptyState icon={<FileWrongOutline />} title={t('desk.empty')} />}
      />
    </div>
  );
}
