import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrder } from '../../../../features/orders/api/orders-api';
import { OrderReceipt } from '../../../../features/orders/components/order-receipt';
import '../../../../features/orders/orders.css';
import * as paths from '../../../../lib/paths';

/** The receipt (my/order/receipt?ordersId=): a printable record of the order. */
export default function OrderReceiptPage() {
  const { t } = useTranslation('orders');
  const isLoggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  const value = Number(search.get('ordersId'));
  const id = Number.isInteger(value) && value > 0 ? value : undefined;
  const order = useOrder(isLoggedIn ? id : undefined);
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError) content = <LoadError error={order.error} onRetry={() => order.refetch()} />;
  else content = <OrderReceipt order={order.data} />;
  return (
    <Page
      title={t('receipt.title')}
      backTo={id === undefined ? paths.orders.href() : paths.orderDetail.href(id)}
    >
      {content}
    </Page>
  );
}
