import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { EntryDetailView } from '../../../../features/wallet/components/entry-detail-view';
import '../../../../features/wallet/wallet.css';
import '../../../../features/wallet/wallet-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/wallet/mymoneydetail?id=: one movement of my wallet. */
export default function WalletEntryPage() {
  const { t } = useTranslation('wallet');
  const isLoggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <Page title={t('detail.title')} backTo={paths.wallet.href()} className="wallet-page">
      {isLoggedIn ? (
        <EntryDetailView
          entryId={Number.isSafeInteger(id) && id > 0 ? id : undefined}
          orderHref={(orderId) => paths.orderDetail.href(orderId)}
        />
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}
