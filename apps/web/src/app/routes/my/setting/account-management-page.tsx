import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import '../../../../features/identity/identity.css';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useCurrentUser, useLogout } from '../../../../features/identity/hooks/use-identity';
import { readStoredUser, useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

/** my/setting/accountManagement: phone, password, cancellation and logging out. */
export default function AccountManagementPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const user = useCurrentUser().data ?? readStoredUser();
  const logout = useLogout();

  if (!isLoggedIn) {
    return (
      <Page title={t('account.title')} backTo={paths.settings.href()}>
        <LoginRequired />
      </Page>
    );
  }

  const onLogout = async () => {
    if (!(await confirm(t('account.logoutConfirm'), t('account.logout'), t('common:actions.close')))) return;
    await logout();
    await navigate(paths.my.href(), { replace: true });
  };

  return (
    <Page title={t('account.title')} backTo={paths.settings.href()}>
      <List className="my-menu">
        <List.Item arrowIcon extra={user?.mobile ? `+${user.areaCode} ${user.phone}` : t('account.noPhone')}>
          <Link
            className="stretched-action"
            to={user?.mobile ? paths.changePhone.href() : paths.bindPhone.href()}
          >
            {user?.mobile ? t('account.changePhone') : t('bind.title')}
          </Link>
        </List.Item>
        <List.Item arrowIcon>
          <Link className="stretched-action" to={paths.changePassword.href()}>
            {t('account.changePassword')}
          </Link>
        </List.Item>
        <List.Item arrowIcon>
          <Link className="stretched-action" to={paths.cancelAccount.href()}>
            {t('account.cancelAccount')}
          </Link>
        </List.Item>
      </List>
      <div className="page-actions">
        <Button block color="danger" fill="outline" size="large" onClick={onLogout}>
          {t('account.logout')}
        </Button>
      </div>
    </Page>
  );
}
