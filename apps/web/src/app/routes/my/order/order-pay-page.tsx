import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { Refreshable } from '../../../../components/ui/refreshable';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { deskKeys } from '../../../../features/desk/api/desk-api';
import { StaffOrderTools } from '../../../../features/desk/components/staff-order-tools';
import '../../../../features/desk/desk.css';
import { isStaffUser } from '../../../../features/desk/staff';
import { useMapTiles } from '../../../../features/discovery/api/map-tiles';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../../features/identity/session';
import {
  type OrderDetail,
  orderKeys,
  type ProviderPosition,
  useOrder,
} from '../../../../features/orders/api/orders-api';
import { OrderDetailView } from '../../../../features/orders/components/order-detail-view';
import '../../../../features/orders/orders.css';
import { ExtrasDue } from '../../../../features/payment-extras/components/extras-due';
import { OrderTips } from '../../../../features/payment-extras/components/order-tips';
import '../../../../features/payment-extras/extras.css';
import * as paths from '../../../../lib/paths';
import { useRealtimeTopic } from '../../../../lib/realtime/use-realtime-topic';

/** `?ordersId=` as a positive integer, else undefined (a malformed link shows "not found"). */
export function useOrderIdParam(): number | undefined {
  const [search] = useSearchParams();
  const value = Number(search.get('ordersId'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

const isPosition = (payload: unknown): payload is ProviderPosition & { orderId: number } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { lat?: unknown }).lat === 'number' &&
  typeof (payload as { lng?: unknown }).lng === 'number';

/**
 * The order (my/order/pay?ordersId=): follows `order:<id>` while open. A step refetches the order
 * (and the lists); a position moves the marker from the event itself, without a read every 15 s.
 */
export default function OrderPayPage() {
  const { t } = useTranslation('orders');
  const isLoggedIn = useIsLoggedIn();
  const id = useOrderIdParam();
  const order = useOrder(isLoggedIn ? id : undefined);
  const tiles = useMapTiles();
  const queryClient = useQueryClient();
  // Customer service sees the same page with its own tools (reason-required cancel, reassign, audit).
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const refresh = async () => {
    if (id === undefined) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
      isStaff ? queryClient.invalidateQueries({ queryKey: deskKeys.audit(id) }) : null,
    ]);
  };
  const onEvent = (event: RealtimeEventMessage) => {
    if (id === undefined) return;
    if (event.type === 'order.position' && isPosition(event.payload)) {
      const { lat, lng, at, etaMinutes } = event.payload;
      queryClient.setQueryData<OrderDetail>(orderKeys.detail(id), (current) =>
        current
          ? { ...current, providerPosition: { lat, lng, at, etaMinutes: etaMinutes ?? null } }
          : current,
      );
      return;
    }
    void refresh();
  };
  useRealtimeTopic(isLoggedIn && id !== undefined ? `order:${id}` : null, onEvent, {
    onResync: () => void refresh(),
  });

  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError)
    content = <LoadError error={order.error} onRetry={() => order.refetch()} isRetrying={order.isFetching} />;
  else
    content = (
      <OrderDetailView
        order={order.data}
        tiles={tiles}
        isStaff={isStaff}
        staffTools={isStaff ? <StaffOrderTools order={order.data} onChanged={refresh} /> : null}
        moneyExtras={
          isStaff ? null : (
            <>
              <ExtrasDue orderId={order.data.id} timeZone={order.data.labels?.timeZone} />
              <OrderTips orderId={order.data.id} side="customer" timeZone={order.data.labels?.timeZone} />
            </>
          )
        }
      />
    );

  return (
    <Page title={t('detail.title')} backTo={paths.orders.href()}>
      <Refreshable onRefresh={refresh}>{content}</Refreshable>
    </Page>
  );
}
