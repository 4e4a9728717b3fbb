import '../identity-strings';
import { Button } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import * as paths from '../../../lib/paths';

/** Shown instead of a page that needs an account: a guest is told to log in first (spec section 6). */
export function LoginRequired({ description }: { description?: string }) {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <EmptyState
      icon={<UserOutline />}
      title={t('loginRequired.title')}
      description={description ?? t('loginRequired.description')}
      action={
        <Button color="primary" onClick={() => navigate(paths.login.href({ redirect: pathname + search }))}>
          {t('loginRequired.action')}
        </Button>
      }
    />
  );
}
