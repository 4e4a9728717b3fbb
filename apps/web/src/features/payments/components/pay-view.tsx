import '../payments-strings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { randomId } from '../../../lib/storage';
import {
  isProviderMethod,
  type PaymentAttempt,
  type PaymentMethod,
  paymentKeys,
  payOrder,
  useCurrentAttempt,
  usePaymentMethods,
  useWallet,
} from '../api/payments-api';
import { methodName, RAIL_BRANDS } from '../method-names';
import type { PayableOrder } from '../payable-order';
import { useCharged } from '../use-charged';

/** A refusal the server decided (not a lost connection): the same key would only replay it. */
const isDecided = (error: unknown) =>
  isApiError(error) && (error.kind === 'business' || error.kind === 'http');

/**
 * The pay page (spec index/pay): the order's summary and the server's payable, the methods the
 * server accepts for this order, the wallet with its balance (disabled, with the reason, when
 * short), and one pay button. One Idempotency-Key per intent: a retried tap of the same method
 * pays once; another method, or a refusal, starts a new intent. An order a coupon covers whole
 * shows "Nothing to pay" and a confirm button instead of the methods (decision 051).
 */
export function PayView({
  order: detail,
  onOrderChanged,
}: {
  order: PayableOrder;
  /** The order moved on or may have (paid, refused): the page reads it and the lists again. */
  onOrderChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('payments');
  const orderId = detail.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const charged = useCharged();
  const format = useFormatting();
  const methods = usePaymentMethods(orderId);
  const wallet = useWallet();
  const current = useCurrentAttempt(orderId);
  const [chosen, setChosen] = useState<PaymentMethod>();
  const intent = useRef<{ method: PaymentMethod; key: string } | null>(null);

  const pay = useMutation({
    mutationFn: (method: PaymentMethod) => {
      if (intent.current?.method !== method) intent.current = { method, key: randomId() };
      return payOrder(orderId, method, intent.current.key);
    },
    onSuccess: async (attempt: PaymentAttempt) => {
      intent.current = null;
      queryClient.setQueryData(paymentKeys.current(orderId), attempt);
      if (isProviderMethod(attempt.method)) {
        navigate(paths.payQrCode.href(orderId));
        return;
      }
      // Wallet and cash: the order moved on in the same request.
      await Promise.all([onOrderChanged(), queryClient.invalidateQueries({ queryKey: paymentKeys.wallet })]);
      navigate(paths.paySuccess.href(orderId), { replace: true });
    },
    onError: async (error) => {
      if (!isDecided(error)) return;
      intent.current = null;
      // Whatever changed (balance, the city's methods, the order itself) is read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.wallet }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.methods(orderId) }),
        onOrderChanged(),
      ]);
    },
  });

  if (methods.isPending) return <CardSkeletons count={3} />;
  if (methods.isError)
    return (
      <LoadError error={methods.error} onRetry={() => methods.refetch()} isRetrying={methods.isFetching} />
    );

  if (detail.status !== 'pendingPayment') {
    return (
      <EmptyState
        icon={<ClockCircleOutline />}
        title={t('pay.notPayable')}
        action={
          <Button color="primary" fill="outline" onClick={() => navigate(paths.orderDetail.href(orderId))}>
            {t('pay.toOrder')}
          </Button>
        }
      />
    );
  }

  const payable = detail.payable;
  const currency = detail.currency;
  const balance = wallet.data?.balances.find((row) => row.currency === currency)?.amount ?? 0;
  const walletReason = wallet.isError
    ? t('methods.walletUnavailable')
    : wallet.isPending
      ? t('methods.walletLoading')
      : balance < payable
        ? t('methods.walletShort')
        : undefined;
  const offered = methods.data.methods;
  const isEnabled = (method: PaymentMethod) => method !== 'wallet' || walletReason === undefined;
  // No method is preselected while the balance is on its way: the default (the wallet when it
  // covers the payable) would otherwise switch under the user's finger when the balance arrived, and
  // a tap on Pay could pay by a method other than the one shown a moment before.
  const preselected = wallet.isPending ? undefined : offered.find(isEnabled);
  const selected = chosen && offered.includes(chosen) && isEnabled(chosen) ? chosen : preselected;
  const openAttempt =
    current.data && current.data.status === 'pending' && isProviderMethod(current.data.method)
      ? current.data
      : undefined;
  const hint = (method: PaymentMethod) => {
    if (method === 'wallet')
      return [t('methods.walletBalance', { amount: charged(balance, currency) }), walletReason]
        .filter(Boolean)
        .join(' · ');
    if (RAIL_BRANDS[method]) return t('methods.qrHint');
    return t(`methods.${method}Hint`);
  };

  return (
    <div className="pay">
      <section className="pay-card pay-summary" aria-label={t('pay.summary')}>
        <p className="pay-summary__party">
          {detail.projectName}
          {detail.providerName ? (
            <span className="pay-summary__with">
              {' · '}
              {detail.providerName}
            </span>
          ) : null}
        </p>
        <p className="pay-summary__when">{format.dateTime(detail.startsAt, detail.timeZone)}</p>
        <dl className="pay-lines">
          {detail.lines.map((line) => (
            <div key={line.key} className="pay-lines__row">
              <dt>{line.label}</dt>
              <dd>{charged(line.amount, currency)}</dd>
            </div>
          ))}
          <div className="pay-lines__row">
            <dt>{t('pay.orderNumber')}</dt>
            <dd>{detail.orderNumber}</dd>
          </div>
        </dl>
        <div className="pay-summary__total">
          <span>{t('pay.amountPayable')}</span>
          <strong data-testid="pay-amount">{charged(payable, currency)}</strong>
        </div>
      </section>

      {openAttempt ? (
        <section className="pay-card pay-open" aria-live="polite">
          <p>{t('pay.openAttempt', { method: methodName(t, openAttempt.method) })}</p>
          <Button size="small" color="primary" onClick={() => navigate(paths.payQrCode.href(orderId))}>
            {t('pay.continueAttempt')}
          </Button>
        </section>
      ) : null}

      {payable === 0 ? (
        <section className="pay-card pay-free" aria-labelledby="pay-free-title">
          <h2 id="pay-free-title" className="pay-free__title">
            {t('pay.nothingToPay')}
          </h2>
          <p className="pay-free__hint">{t('pay.nothingToPayHint')}</p>
        </section>
      ) : offered.length === 0 ? (
        <p className="pay-card pay-error" role="alert">
          {t('pay.noMethods')}
        </p>
      ) : (
        <fieldset className="pay-card pay-methods">
          <legend className="pay-methods__legend">{t('pay.chooseMethod')}</legend>
          {offered.map((method) => {
            const isDisabled = !isEnabled(method);
            return (
              <label
                key={method}
                className={`pay-method${isDisabled ? ' pay-method--disabled' : ''}${selected === method ? ' pay-method--selected' : ''}`}
              >
                <input
                  type="radio"
                  name="pay-method"
                  value={method}
                  checked={selected === method}
                  disabled={isDisabled}
                  onChange={() => {
                    pay.reset();
                    setChosen(method);
                  }}
                />
                <span className="pay-method__text">
                  <span className="pay-method__name">{methodName(t, method)}</span>
                  <span className="pay-method__hint">{hint(method)}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}

      {pay.error ? (
        <p className="pay-error" role="alert">
          {isApiError(pay.error) ? pay.error.message : t('failed.title')}
        </p>
      ) : null}

      <div className="pay-bar">
        <Button
          color="primary"
          size="large"
          block
          disabled={payable !== 0 && selected === undefined}
          loading={pay.isPending}
          // A coupon covers it all (decision 051): the server makes the step, no money moves.
          onClick={() => (payable === 0 ? pay.mutate('wallet') : selected && pay.mutate(selected))}
        >
          {payable === 0 ? t('pay.confirmFree') : t('pay.payAmount', { amount: charged(payable, currency) })}
        </Button>
      </div>
    </div>
  );
}
