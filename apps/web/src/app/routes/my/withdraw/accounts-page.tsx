import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { AccountsView } from '../../../../features/wallet/components/accounts-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/withdraw/account: my withdrawal accounts. */
export default function AccountsPage() {
  const { t } = useTranslation('withdraw');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('accounts.title')} backTo={paths.withdraw.href()} className="wallet-page">
      {isLoggedIn ? (
        <AccountsView
          addHref={paths.addWithdrawalAccount.href()}
          detailHref={(id) => paths.withdrawalAccount.href(id)}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
