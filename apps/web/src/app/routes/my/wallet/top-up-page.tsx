import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { TOP_UP_CURRENCIES, TopUpView } from '../../../../features/payment-extras/components/top-up-view';
import '../../../../features/payment-extras/extras.css';
import '../../../../features/payment-extras/tips-strings';
import * as paths from '../../../../lib/paths';
import { getStoredCurrency } from '../../../../lib/preferences';

/** Topping up the wallet (my/wallet/top-up): amount, rail, QR, credited when the provider confirms. */
export default function TopUpPage() {
  const { t } = useTranslation('tips');
  const isLoggedIn = useIsLoggedIn();
  const stored = getStoredCurrency();
  const currency = (TOP_UP_CURRENCIES as readonly string[]).includes(stored) ? stored : 'USD';
  return (
    <Page title={t('topUp.title')} backTo={paths.my.href()}>
      {isLoggedIn ? <TopUpView initialCurrency={currency} /> : <LoginRequired />}
    </Page>
  );
}
