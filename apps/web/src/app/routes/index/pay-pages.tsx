import '../../../features/orders/orders-strings';
import '../../../features/payments/payments-strings';
import '../../../features/payments/payments.css';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { type OrderDetail, orderKeys, useOrder } from '../../../features/orders/api/orders-api';
import { priceLines } from '../../../features/orders/components/price-breakdown';
import type { PayableOrder } from '../../../features/payments/payable-order';
import { useCurrencyRates, useFormatting } from '../../../hooks/use-formatting';
import { formatMoneyValue } from '../../../lib/format';
import * as paths from '../../../lib/paths';

/** `?ordersId=` as a positive integer, else undefined (a malformed link shows "not found"). */
function useOrderIdParam(): number | undefined {
  const [search] = useSearchParams();
  const value = Number(search.get('ordersId'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The order (read by the orders feature) as the pay pages take it: the server's figures, labelled. */
function usePayableOrder(order: OrderDetail | undefined): PayableOrder | undefined {
  const { t } = useTranslation('orders');
  const { locale } = useFormatting();
  const rates = useCurrencyRates().data?.rates;
  if (!order) return undefined;
  // Charged money is shown in the order's own currency, never converted.
  const charged = (money: { amount: number; currency: string }) => formatMoneyValue(money, locale, rates);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    payable: order.payable,
    currency: order.currency,
    startsAt: order.startsAt,
    timeZone: order.labels?.timeZone,
    projectName: order.labels?.projectName,
    providerName: order.labels?.therapistName ?? order.labels?.storeName,
    lines: priceLines(order, t, charged)
      .filter((line) => !line.isTotal)
      .map(({ key, label, amount }) => ({ key, label, amount })),
  };
}

/**
 * The frame every pay page shares: `?ordersId=`, signed in, the order read (loading and error
 * states), the title and the way back to the order.
 */
export function PayPageFrame({
  titleKey,
  children,
}: {
  titleKey: 'pay.title' | 'qr.title' | 'success.title';
  children: (order: PayableOrder, onOrderChanged: () => Promise<unknown>) => ReactNode;
}) {
  const { t } = useTranslation('payments');
  const isLoggedIn = useIsLoggedIn();
  const id = useOrderIdParam();
  const order = useOrder(isLoggedIn ? id : undefined);
  const payable = usePayableOrder(order.data);
  const queryClient = useQueryClient();
  const onOrderChanged = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id ?? 0) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
      ]),
    [queryClient, id],
  );
  let content: ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError)
    content = <LoadError error={order.error} onRetry={() => order.refetch()} isRetrying={order.isFetching} />;
  else if (payable) content = children(payable, onOrderChanged);
  return (
    <Page title={t(titleKey)} backTo={id === undefined ? paths.orders.href() : paths.orderDetail.href(id)}>
      {content}
    </Page>
  );
}
