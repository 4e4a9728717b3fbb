import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { AccountDetailView } from '../../../../features/wallet/components/accounts-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/withdraw/accountDetails?id=: one account, removable after a confirmation. */
export default function AccountDetailPage() {
  const { t } = useTranslation('withdraw');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <Page title={t('detail.title')} backTo={paths.withdrawalAccounts.href()} className="wallet-page">
      {isLoggedIn ? (
        <AccountDetailView
          id={Number.isSafeInteger(id) && id > 0 ? id : undefined}
          onRemoved={() => navigate(paths.withdrawalAccounts.href(), { replace: true })}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
