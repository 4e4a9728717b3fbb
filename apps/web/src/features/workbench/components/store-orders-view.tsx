import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { FileOutline, ScanningOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { Refreshable } from '../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format-dates';
import { consumeByCode, useProjectNames, useStoreOrders, workbenchKeys } from '../api/workbench-api';
import { dateHeading, localDateOfOrder, timeRange } from '../format-times';
import { useOrderStep } from '../hooks/use-order-step';
import { useProviderEvents } from '../hooks/use-provider-events';
import { canScanQr, QrScanner } from './qr-scanner';

const CODE = /^\d{6}$/;

/**
 * The store counter: the store's in-store orders to be used or being prepared, "preparing" per
 * order, and "consumed" by the customer's code, typed or read from their QR code, after a confirmation.
 */
export function StoreOrdersView() {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const codeId = useId();
  const orders = useStoreOrders();
  const projectNames = useProjectNames(undefined);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isScanning, setScanning] = useState(false);
  const step = useOrderStep();
  useProviderEvents();
  // In-store orders are shown on the store's city clock (decision 108); the counter's own clock
  // only while the list answers without it.
  const zoneOf = (order: OrderDetail) => order.labels?.timeZone ?? viewerTimeZone();

  const consume = useMutation({
    mutationFn: consumeByCode,
    onSuccess: (order) => {
      setCode('');
      setProblem(null);
      showToast(t('store.consumed', { number: order.orderNumber }));
    },
    onError: (error) =>
      setProblem(
        isApiError(error) && error.code === ERROR_CODES.notFound.code
          ? t('store.notFound')
          : isApiError(error)
            ? error.message
            : t('common:errors.unknown'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workbenchKeys.store }),
  });
  const askConsume = async (value: string) => {
    if (!CODE.test(value)) return setProblem(t('store.codeInvalid'));
    setProblem(null);
    if (await confirm(t('store.consumeConfirm', { code: value }), t('store.consume'), t('actions.cancel'))) {
      consume.mutate(value);
    }
  };

  const items = orders.data?.items ?? [];
  return (
    <Refreshable onRefresh={() => orders.refetch()}>
      <div className="store-counter">
        <section className="schedule-section" aria-labelledby="consume-title">
          <h2 id="consume-title" className="wb-heading">
            {t('store.consume')}
          </h2>
          <label htmlFor={codeId}>{t('store.code')}</label>
          <Input
            id={codeId}
            value={code}
            inputMode="numeric"
            maxLength={6}
            placeholder="000000"
            onChange={(value) => setCode(value.replace(/\D/g, ''))}
            onEnterPress={() => void askConsume(code)}
          />
          <p className="order-facts__hint">{t('store.codeHint')}</p>
          {problem ? (
            <p className="form-problem" role="alert">
              {problem}
            </p>
          ) : null}
          <Button block color="primary" loading={consume.isPending} onClick={() => void askConsume(code)}>
            {t('store.consume')}
          </Button>
          {canScanQr() && !isScanning ? (
            <Button block fill="outline" onClick={() => setScanning(true)}>
              <ScanningOutline aria-hidden="true" /> {t('store.scan')}
            </Button>
          ) : null}
          {isScanning ? (
            <QrScanner
              onClose={() => setScanning(false)}
              onCode={(found) => {
                setScanning(false);
                setCode(found);
                void askConsume(found);
              }}
            />
          ) : null}
        </section>
        {orders.isPending ? (
          <CardSkeletons count={3} />
        ) : orders.error ? (
          <LoadError error={orders.error} onRetry={() => orders.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={<FileOutline />} title={t('store.empty')} />
        ) : (
          items.map((order) => (
            <article
              key={order.id}
              className="order-card"
              aria-label={t('order.number', { number: order.orderNumber })}
            >
              <header className="order-card__header">
                <strong className="order-card__time">
                  {dateHeading(localDateOfOrder(order.startsAt, zoneOf(order)), format.locale)}{' '}
                  {timeRange(order.startsAt, order.endsAt, format.locale, zoneOf(order))}
                </strong>
                <span className="order-card__status">{t(`status.${order.status}`)}</span>
              </header>
              <p>
                {t('order.number', { number: order.orderNumber })} ·{' '}
                {order.clocks > 1
                  ? t('card.clocks', {
                      count: order.clocks,
                      project: projectNames?.get(order.projectId) ?? '',
                    })
                  : (projectNames?.get(order.projectId) ?? '')}
              </p>
              {order.allowedTransitions.includes('prepare') ? (
                <Button
                  size="small"
                  loading={step.isPending && step.variables?.id === order.id}
                  onClick={() =>
                    step.mutate(
                      { id: order.id, body: { transition: 'prepare' } },
                      { onSuccess: () => showToast(t('store.prepared', { number: order.orderNumber })) },
                    )
                  }
                >
                  {t('store.prepare')}
                </Button>
              ) : null}
            </article>
          ))
        )}
      </div>
    </Refreshable>
  );
}
