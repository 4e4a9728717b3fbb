import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { uploadWithProgress } from '../../../../features/addresses/api/upload-with-progress';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { AddAccountForm } from '../../../../features/wallet/components/accounts-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/withdraw/addAccount: a savings account or e-wallet, with an optional card photo. */
export default function AddAccountPage() {
  const { t } = useTranslation('withdraw');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  return (
    <Page title={t('add.title')} backTo={paths.withdrawalAccounts.href()} className="wallet-page">
      {isLoggedIn ? (
        <AddAccountForm
          upload={(path, file, onProgress) => uploadWithProgress(path, file, onProgress)}
          onSaved={() => navigate(paths.withdrawalAccounts.href(), { replace: true })}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
