import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { WithdrawView } from '../../../../features/wallet/components/withdraw-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/withdraw/index (and my/wallet/cashList): available balance, the form, my withdrawals. */
export default function WithdrawPage() {
  const { t } = useTranslation('withdraw');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('title')} backTo={paths.wallet.href()} className="wallet-page">
      {isLoggedIn ? (
        <WithdrawView
          accountsHref={paths.withdrawalAccounts.href()}
          addAccountHref={paths.addWithdrawalAccount.href()}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
