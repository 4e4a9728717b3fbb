import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { IncomeView } from '../../../features/wallet/components/income-view';
import '../../../features/wallet/wallet.css';
import '../../../features/wallet/wallet-strings';
import * as paths from '../../../lib/paths';

/** The workbench's income: by day, week and month in the city's time, per order, and what can be withdrawn. */
export default function WorkbenchIncomePage() {
  const { t } = useTranslation('wallet');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('income.title')} backTo={paths.therapist.href()} className="wallet-page">
      {isLoggedIn ? (
        <IncomeView withdrawHref={paths.withdraw.href()} orderHref={(id) => paths.workbenchOrder.href(id)} />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
