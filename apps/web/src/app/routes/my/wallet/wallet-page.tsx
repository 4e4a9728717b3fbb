import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { WalletView } from '../../../../features/wallet/components/wallet-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/wallet/index (and details): the balance, top-up, and the history by type. */
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('title')} backTo={paths.my.href()} className="wallet-page">
      {isLoggedIn ? (
        <WalletView
          topUpHref={paths.walletTopUp.href()}
          withdrawHref={paths.withdraw.href()}
          entryHref={(id) => paths.walletEntry.href(id)}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
