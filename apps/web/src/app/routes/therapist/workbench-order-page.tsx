import { isActionAllowed } from '@sabai/shared/booking/order-actions';
import type { OrderStatus } from '@sabai/shared/booking/order-status';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { OrderTips } from '../../../features/payment-extras/components/order-tips';
import { useOrder, useProjectNames, useWorkSettings } from '../../../features/workbench/api/workbench-api';
import { ProviderOrderView } from '../../../features/workbench/components/provider-order-view';
import { useProviderEvents } from '../../../features/workbench/hooks/use-provider-events';
import '../../../features/payment-extras/extras.css';
import { viewerTimeZone } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import '../../../features/workbench/workbench-strings';
import '../../../features/workbench/workbench.css';

/** One order on the provider's side (/therapist/workbench/order?id=), following each step live. */
export default function WorkbenchOrderPage() {
  const { t } = useTranslation('workbench');
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
  const order = useOrder(id);
  const settings = useWorkSettings();
  const projectNames = useProjectNames(settings.data?.cityId);
  useProviderEvents();
  // The order's city clock (decision 108): its labels', else the provider's city's, else their own.
  const timeZone = order.data?.labels?.timeZone ?? settings.data?.timeZone ?? viewerTimeZone();
  return (
    <Page title={t('order.title')} backTo={paths.therapist.href()}>
      {id === undefined ? (
        <NotFoundBlock />
      ) : order.isPending ? (
        <CardSkeletons count={2} />
      ) : order.error ? (
        <LoadError error={order.error} onRetry={() => order.refetch()} />
      ) : (
        <>
          <ProviderOrderView
            order={order.data}
            projectName={projectNames?.get(order.data.projectId)}
            timeZone={timeZone}
            platformShareBasisPoints={settings.data?.platformShareBasisPoints}
          />
          {/* Tips come after the service (decisions 045, 108): from when the customer may tip. */}
          {isActionAllowed(order.data.kind, order.data.status as OrderStatus, 'tip', 'customer') ? (
            <OrderTips orderId={order.data.id} side="provider" timeZone={timeZone} />
          ) : null}
        </>
      )}
    </Page>
  );
}
