import '../payments-strings';
import { Button } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import * as paths from '../../../lib/paths';
import { useCurrentAttempt } from '../api/payments-api';
import { methodName } from '../method-names';
import type { PayableOrder } from '../payable-order';
import { useCharged } from '../use-charged';

/**
 * The success page (spec index/paySuccess): the amount, the method and the order number of the
 * order's payment, from the server, with the way to the order and home. Cash (where the city
 * allows it) confirms the order and says what to pay at the service.
 */
export function PaySuccessView({ order }: { order: PayableOrder }) {
  const orderId = order.id;
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const charged = useCharged();
  const current = useCurrentAttempt(orderId);

  if (current.isPending) return <CardSkeletons count={2} />;
  if (current.isError)
    return (
      <LoadError error={current.error} onRetry={() => current.refetch()} isRetrying={current.isFetching} />
    );

  const attempt = current.data;
  const isCash = attempt?.method === 'cash' && order.status !== 'pendingPayment';
  if (!attempt || (attempt.status !== 'succeeded' && !isCash)) {
    return (
      <EmptyState
        icon={<ClockCircleOutline />}
        title={t('success.notPaid')}
        action={
          <Button color="primary" onClick={() => navigate(paths.pay.href(orderId))}>
            {t('success.toPay')}
          </Button>
        }
      />
    );
  }
  const amount = charged(attempt.amount, attempt.currency);
  return (
    <div className="pay">
      <section className="pay-card pay-state pay-success" aria-label={t('success.title')}>
        <div className="pay-state__icon pay-success__icon" aria-hidden="true">
          <CheckCircleFill />
        </div>
        <h2 className="pay-state__title">{isCash ? t('success.cashHeading') : t('success.heading')}</h2>
        {isCash ? <p className="pay-state__description">{t('success.cashNote', { amount })}</p> : null}
        <dl className="pay-lines">
          <div className="pay-lines__row">
            <dt>{isCash ? t('success.amountDue') : t('success.amount')}</dt>
            <dd data-testid="paid-amount">{amount}</dd>
          </div>
          <div className="pay-lines__row">
            <dt>{t('success.method')}</dt>
            <dd>{methodName(t, attempt.method)}</dd>
          </div>
          <div className="pay-lines__row">
            <dt>{t('success.orderNumber')}</dt>
            <dd>{order.orderNumber}</dd>
          </div>
        </dl>
        <div className="pay-actions">
          <Button
            block
            color="primary"
            onClick={() => navigate(paths.orderDetail.href(orderId), { replace: true })}
          >
            {t('success.toOrder')}
          </Button>
          <Button block fill="outline" onClick={() => navigate(paths.home.href(), { replace: true })}>
            {t('success.home')}
          </Button>
        </div>
      </section>
    </div>
  );
}
