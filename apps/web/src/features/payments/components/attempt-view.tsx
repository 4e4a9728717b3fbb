import '../payments-strings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import { ClockCircleOutline, CloseCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { useRealtimeTopic } from '../../../lib/realtime/use-realtime-topic';
import { randomId } from '../../../lib/storage';
import {
  type PaymentMethod,
  paymentKeys,
  payOrder,
  simulatePaid,
  useCurrentAttempt,
} from '../api/payments-api';
import { methodName, RAIL_BRANDS } from '../method-names';
import type { PayableOrder } from '../payable-order';
import { useCharged } from '../use-charged';
import { formatCountdown, useCountdown } from '../use-countdown';
import { QrImage } from './qr-image';

/** How long "being confirmed" may last before the page says it is taking longer (spec: about 20 s). */
export const CONFIRMING_PATIENCE_MS = 60_000;
const POLL_WHILE_CONFIRMING_MS = 2_000;
const POLL_WHILE_SHOWN_MS = 5_000;

/**
 * The QR page (spec index/hwQrCode, index/faQrCode) for the order's current QR or card payment:
 * the code, amount, payee, bill number and a live countdown; expired, failed and "info incorrect"
 * states with a new code or another method; "being confirmed" while the provider confirms (polls
 * `payments/current` and hears `order:<id>`), then the success page.
 */
export function AttemptView({
  order,
  onOrderChanged,
  isDevTool = import.meta.env.DEV,
}: {
  order: PayableOrder;
  /** Something happened to the order (an event, a payment): the page reads it and the lists again. */
  onOrderChanged: () => Promise<unknown>;
  /** The sandbox's "simulate paid" button: development builds only, never production. */
  isDevTool?: boolean;
}) {
  const orderId = order.id;
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const charged = useCharged();
  const [confirmingSince, setConfirmingSince] = useState<number>();
  const current = useCurrentAttempt(orderId, (latest) =>
    latest?.status === 'pending'
      ? confirmingSince !== undefined
        ? POLL_WHILE_CONFIRMING_MS
        : POLL_WHILE_SHOWN_MS
      : false,
  );
  const attempt = current.data ?? undefined;
  const remaining = useCountdown(attempt?.status === 'pending' ? attempt.expiresAt : null);
  const patience = useCountdown(
    confirmingSince === undefined ? null : new Date(confirmingSince + CONFIRMING_PATIENCE_MS).toISOString(),
  );

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.current(orderId) });
    void onOrderChanged();
  };
  useRealtimeTopic(`order:${orderId}`, refresh, { onResync: refresh });

  const isPaid = attempt !== undefined && (attempt.status === 'succeeded' || attempt.method === 'cash');
  useEffect(() => {
    if (!isPaid) return;
    void onOrderChanged();
    navigate(paths.paySuccess.href(orderId), { replace: true });
  }, [isPaid, navigate, orderId, onOrderChanged]);

  // A new code for the same method (after expiry or failure): one key per request of a new code.
  const intent = useRef<{ method: PaymentMethod; key: string } | null>(null);
  const renew = useMutation({
    mutationFn: (method: PaymentMethod) => {
      if (intent.current?.method !== method) intent.current = { method, key: randomId() };
      return payOrder(orderId, method, intent.current.key);
    },
    onSuccess: (next) => {
      intent.current = null;
      setConfirmingSince(undefined);
      queryClient.setQueryData(paymentKeys.current(orderId), next);
    },
    onError: (error) => {
      if (isApiError(error) && error.kind === 'business') intent.current = null;
      void onOrderChanged();
    },
  });
  const simulate = useMutation({
    mutationFn: (attemptId: number) => simulatePaid(attemptId),
    onMutate: () => setConfirmingSince(Date.now()),
    onSettled: refresh,
  });

  if (current.isPending) return <CardSkeletons count={2} />;
  if (current.isError)
    return (
      <LoadError error={current.error} onRetry={() => current.refetch()} isRetrying={current.isFetching} />
    );

  const toPayPage = () => navigate(paths.pay.href(orderId), { replace: true });
  const otherMethod = (
    <Button block fill="outline" onClick={toPayPage}>
      {t('qr.otherMethod')}
    </Button>
  );
  const isPayable = order.status === 'pendingPayment';
  const renewError = renew.error ? (
    <p className="pay-error" role="alert">
      {isApiError(renew.error) ? renew.error.message : t('failed.title')}
    </p>
  ) : null;
  const renewButton = (label: string) =>
    attempt && isPayable ? (
      <Button block color="primary" loading={renew.isPending} onClick={() => renew.mutate(attempt.method)}>
        {label}
      </Button>
    ) : null;

  if (!attempt || attempt.method === 'wallet' || isPaid) {
    if (isPaid) return <CardSkeletons count={1} />;
    return (
      <EmptyState
        icon={<ClockCircleOutline />}
        title={t('qr.none')}
        action={
          <Button color="primary" onClick={toPayPage}>
            {t('qr.otherMethod')}
          </Button>
        }
      />
    );
  }

  const brand = RAIL_BRANDS[attempt.method];
  const amount = charged(attempt.amount, attempt.currency);
  const isExpired = attempt.status === 'expired' || (attempt.status === 'pending' && remaining === 0);

  if (attempt.status === 'failed')
    return (
      <StateBlock icon={<CloseCircleOutline />} title={t('failed.title')} description={t('failed.message')}>
        {renewError}
        {renewButton(t('failed.retry'))}
        {otherMethod}
      </StateBlock>
    );

  if (isExpired)
    return (
      <StateBlock
        icon={<ClockCircleOutline />}
        title={isPayable ? t('qr.expired') : t('qr.orderExpired')}
        description={isPayable ? t('qr.expiredHint') : undefined}
      >
        {renewError}
        {renewButton(brand ? t('qr.newCode') : t('failed.retry'))}
        {isPayable ? (
          otherMethod
        ) : (
          <Button block fill="outline" onClick={() => navigate(paths.orderDetail.href(orderId))}>
            {t('pay.toOrder')}
          </Button>
        )}
      </StateBlock>
    );

  // The order's payable changed since this code was made (project changed, extra time): this code
  // would pay the wrong amount.
  if (isPayable && (attempt.amount !== order.payable || attempt.currency !== order.currency))
    return (
      <StateBlock
        icon={<ExclamationCircleOutline />}
        title={t('failed.incorrect')}
        description={t('failed.incorrectMessage')}
      >
        {renewError}
        {renewButton(t('qr.newCode'))}
        {otherMethod}
      </StateBlock>
    );

  if (confirmingSince !== undefined) {
    const isSlow = patience === 0;
    return (
      <StateBlock
        icon={isSlow ? <ClockCircleOutline /> : <SpinLoading color="primary" aria-hidden="true" />}
        title={t('confirming.title')}
        description={isSlow ? t('confirming.slow') : t('confirming.message')}
        isLive
      >
        {isSlow ? (
          <>
            <Button
              block
              color="primary"
              loading={current.isFetching}
              onClick={() => {
                setConfirmingSince(Date.now());
                void current.refetch();
              }}
            >
              {t('confirming.checkAgain')}
            </Button>
            {otherMethod}
          </>
        ) : null}
      </StateBlock>
    );
  }

  return (
    <div className="pay pay-qr">
      <section className="pay-card pay-qr__card" aria-label={brand ? t('qr.title') : t('qr.cardTitle')}>
        <p className="pay-qr__brand">{methodName(t, attempt.method)}</p>
        {brand ? (
          <>
            <QrImage payload={attempt.payload} label={t('qr.codeLabel', { brand, amount })} />
            <p className="pay-qr__scan">{t('qr.scanWith', { brand })}</p>
          </>
        ) : (
          <p className="pay-qr__scan" data-testid="payment-reference" data-payload={attempt.payload}>
            {t('qr.cardHint')}
          </p>
        )}
        <p className="pay-qr__amount" data-testid="qr-amount">
          {amount}
        </p>
        <p className="pay-qr__countdown" role="timer" aria-live="off">
          {t('qr.expiresIn', { time: formatCountdown(remaining ?? 0) })}
        </p>
        <dl className="pay-lines">
          <div className="pay-lines__row">
            <dt>{t('qr.payee')}</dt>
            <dd>{attempt.payeeName ?? t('common:brand')}</dd>
          </div>
          <div className="pay-lines__row">
            <dt>{t('qr.billNumber')}</dt>
            <dd>{attempt.billNumber ?? attempt.providerReference}</dd>
          </div>
        </dl>
      </section>
      <div className="pay-actions">
        <Button block color="primary" size="large" onClick={() => setConfirmingSince(Date.now())}>
          {t('qr.paid')}
        </Button>
        {isDevTool ? (
          <Button
            block
            color="warning"
            fill="outline"
            loading={simulate.isPending}
            onClick={() => simulate.mutate(attempt.id)}
          >
            {t('qr.simulate')}
          </Button>
        ) : null}
        {otherMethod}
      </div>
    </div>
  );
}

function StateBlock({
  icon,
  title,
  description,
  isLive = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  isLive?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="pay-card pay-state" aria-label={title} aria-live={isLive ? 'polite' : undefined}>
      <div className="pay-state__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="pay-state__title">{title}</h2>
      {description ? <p className="pay-state__description">{description}</p> : null}
      <div className="pay-actions">{children}</div>
    </section>
  );
}
