import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { ORDER_TAB_LIST, type OrderTab, orderKeys } from '../../../features/orders/api/orders-api';
import { OrderList } from '../../../features/orders/components/order-list';
import '../../../features/orders/orders.css';
import { myUserTopic, useLiveQueries } from '../../../lib/realtime/use-realtime-topic';

const LIVE_KEYS = [orderKeys.lists];

/** The orders tab (pages/order/index): my orders by status; every event about them refreshes it. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const { t: tIdentity } = useTranslation('identity');
  const isLoggedIn = useIsLoggedIn();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as OrderTab | null;
  const tab: OrderTab = asked && ORDER_TAB_LIST.includes(asked) ? asked : 'all';
  useLiveQueries(isLoggedIn ? myUserTopic() : null, LIVE_KEYS);
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
      <OrderList
        tab={tab}
        onTabChange={(next) => setSearch(next === 'all' ? {} : { tab: next }, { replace: true })}
      />
    </Page>
  );
}
