import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { Refreshable } from '../../../components/ui/refreshable';
import { OrdersIcon } from '../../../components/ui/tab-icons';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';

export default function OrderPage() {
  const { t } = useTranslation('orders');
  const { t: tIdentity } = useTranslation('identity');
  const queryClient = useQueryClient();
  const isLoggedIn = useIsLoggedIn();
  if (!isLoggedIn) {
    // Spec section 6: a guest is told to log in before viewing orders.
    return (
      <Page title={t('title')}>
        <LoginRequired description={tIdentity('loginRequired.orders')} />
      </Page>
    );
  }
  return (
    <Page title={t('title')}>
      <Refreshable onRefresh={() => queryClient.invalidateQueries({ queryKey: ['orders'] })}>
        <EmptyState icon={<OrdersIcon />} title={t('emptyTitle')} description={t('emptyDescription')} />
      </Refreshable>
    </Page>
  );
}
