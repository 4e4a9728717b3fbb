import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import '../../../features/desk/desk-strings';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import { StaffWithdrawalsView } from '../../../features/wallet/components/staff-withdrawals-view';
import '../../../features/wallet/wallet.css';
import '../../../features/wallet/wallet-strings';
import * as paths from '../../../lib/paths';

/** Customer service's withdrawals (/desk/withdrawals); anyone else sees "staff only". */
export default function DeskWithdrawalsPage() {
  const { t } = useTranslation('withdraw');
  const { t: tDesk } = useTranslation('desk');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  return (
    <Page title={t('staff.title')} backTo={paths.deskOrders.href()} className="wallet-page">
      {!isLoggedIn ? (
        <LoginRequired />
      ) : !isStaff ? (
        <EmptyState
          icon={<LockOutline />}
          title={tDesk('staffOnly.title')}
          description={tDesk('staffOnly.description')}
        />
      ) : (
        <StaffWithdrawalsView />
      )}
    </Page>
  );
}
