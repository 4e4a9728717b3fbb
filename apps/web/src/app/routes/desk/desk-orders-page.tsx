import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { Refreshable } from '../../../components/ui/refreshable';
import { useAttentionPages } from '../../../features/desk/api/desk-api';
import { AttentionList } from '../../../features/desk/components/attention-list';
import { DeskSearch } from '../../../features/desk/components/desk-search';
import '../../../features/desk/desk-strings';
import '../../../features/desk/desk.css';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import '../../../features/orders/orders-strings';
import '../../../features/wallet/wallet-strings';
import * as paths from '../../../lib/paths';

/**
 * Customer service's desk (/desk/orders): find an order by number or phone, and the orders needing
 * attention. Anyone else sees a plain "staff only" (the server refuses their reads anyway).
 */
export default function DeskOrdersPage() {
  const { t } = useTranslation('desk');
  const { t: tWithdraw } = useTranslation('withdraw');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const attention = useAttentionPages(isStaff);

  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (!isStaff)
    content = (
      <EmptyState
        icon={<LockOutline />}
        title={t('staffOnly.title')}
        description={t('staffOnly.description')}
      />
    );
  else
    content = (
      <Refreshable onRefresh={() => attention.refreshFromStart()}>
        <nav className="desk-links">
          <Link to={paths.deskWithdrawals.href()}>{tWithdraw('staff.link')}</Link>
        </nav>
        <DeskSearch />
        <AttentionList pages={attention} />
      </Refreshable>
    );

  return (
    <Page title={t('title')} backTo={paths.my.href()}>
      {content}
    </Page>
  );
}
