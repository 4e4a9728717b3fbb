import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector } from 'antd-mobile';
import { CheckCircleOutline, StarFill } from 'antd-mobile-icons';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { confirm, showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { Refreshable } from '../../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../../components/ui/state-views';
import { useMembershipConfig } from '../../../../features/config/api/membership-config';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import type { PurposeAttemptView, TipMethod } from '../../../../features/payment-extras/api/extras-api';
import { PaymentQr } from '../../../../features/payment-extras/components/payment-qr';
import { methodLabel, tipMethodsFor } from '../../../../features/payment-extras/rails';
import '../../../../features/payment-extras/extras.css';
import { useBuyVip, usePayVipByRail, useVipOffer } from '../../../../features/vip/api/vip-api';
import '../../../../features/vip/vip.css';
import '../../../../features/vip/vip-strings';
import { useFormatting } from '../../../../hooks/use-formatting';
import { formatMoney } from '../../../../lib/format';
import { VIEWER_ZONE } from '../../../../lib/format-dates';
import * as paths from '../../../../lib/paths';
import { getStoredCityId } from '../../../../lib/preferences';
import { randomId } from '../../../../lib/storage';

/**
 * Spec my/vip/index: the annual card — benefits, the city's price, my membership's end, and buying
 * or renewing from the wallet or through a rail (KHQR, PromptPay, VietQR, card: the QR and its status
 * until the provider confirms, decision 051) after a confirmation. Nothing is offered while config
 * 3099 is off.
 */
export default function VipPage() {
  const { t } = useTranslation('vip');
  const { t: tPay } = useTranslation('tips');
  const isLoggedIn = useIsLoggedIn();
  const { locale, date } = useFormatting();
  const cityId = getStoredCityId();
  const config = useMembershipConfig();
  const offer = useVipOffer(cityId, isLoggedIn && config.data?.isOpen === true);
  const buy = useBuyVip(cityId);
  const payByRail = usePayVipByRail(cityId);
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<TipMethod>('wallet');
  const [attempt, setAttempt] = useState<PurposeAttemptView>();
  const [isPaid, setIsPaid] = useState(false);
  // One key per confirmed purchase: a retried request after a lost answer pays once.
  const key = useRef('');

  const onSettled = useCallback(
    (status: PurposeAttemptView['status']) => {
      if (status !== 'succeeded') return;
      setIsPaid(true);
      // The offer (end date), the user record (vipLevel) and any booking quote (member prices).
      void queryClient.invalidateQueries();
      showToast(t('paidByRail'), 3000);
    },
    [queryClient, t],
  );

  const purchase = async () => {
    const data = offer.data;
    if (!data) return;
    const price = formatMoney(data.price, data.currency, locale);
    const title =
      method === 'wallet'
        ? t('confirmTitle', { price })
        : t('confirmRailTitle', { price, method: methodLabel(method, tPay) });
    const ok = await confirm(
      `${title}\n${t('confirmBody', { date: date(data.nextEndsAt, VIEWER_ZONE) })}`,
      t('confirm'),
      t('cancel'),
    );
    if (!ok) return;
    key.current ||= randomId();
    try {
      if (method !== 'wallet') {
        const started = await payByRail.mutateAsync({ method, key: key.current });
        key.current = '';
        setAttempt(started.attempt);
        return;
      }
      const bought = await buy.mutateAsync(key.current);
      key.current = '';
      showToast(t('done', { date: date(bought.endsAt, VIEWER_ZONE) }), 3000);
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common:errors.unknown'));
    }
  };

  let content: ReactNode;
  if (!isLoggedIn) content = <LoginRequired description={t('loginDescription')} />;
  else if (config.isPending || (config.data?.isOpen && offer.isPending))
    content = <CardSkeletons count={2} />;
  else if (config.isError)
    content = (
      <LoadError error={config.error} onRetry={() => config.refetch()} isRetrying={config.isFetching} />
    );
  else if (!config.data.isOpen || offer.data?.isOpen === false)
    content = <EmptyState icon={<StarFill />} title={t('closed')} description={t('closedDescription')} />;
  else if (offer.isError || !offer.data)
    content = <LoadError error={offer.error} onRetry={() => offer.refetch()} isRetrying={offer.isFetching} />;
  else {
    const data = offer.data;
    content = (
      <Refreshable onRefresh={() => offer.refetch()}>
        <section className="vip-page__hero" aria-labelledby="vip-heading">
          <h2 id="vip-heading">
            <StarFill aria-hidden="true" /> {t('heading')}
          </h2>
          <p className="vip-page__price">
            {t('price', { price: formatMoney(data.price, data.currency, locale) })}
          </p>
          <p className="vip-page__status">
            {data.isMember && data.endsAt
              ? t('activeUntil', { date: date(data.endsAt, VIEWER_ZONE) })
              : t('notMember')}
          </p>
        </section>
        <section className="vip-page__benefits" aria-labelledby="vip-benefits">
          <h3 id="vip-benefits">{t('benefitsTitle')}</h3>
          <ul>
            {(['memberPrice', 'badge', 'year'] as const).map((benefit) => (
              <li key={benefit}>
                <CheckCircleOutline aria-hidden="true" />
                <span>{t(`benefits.${benefit}`)}</span>
              </li>
            ))}
          </ul>
        </section>
        {attempt ? (
          <div className="vip-page__paying">
            <PaymentQr attempt={attempt} onSettled={onSettled} />
            <Button
              block
              color={isPaid ? 'primary' : 'default'}
              onClick={() => {
                setAttempt(undefined);
                setIsPaid(false);
              }}
            >
              {isPaid ? t('finish') : t('back')}
            </Button>
          </div>
        ) : (
          <div className="vip-page__footer">
            <p className="vip-page__method-label" id="vip-method-label">
              {tPay('pay.method')}
            </p>
            <Selector
              aria-labelledby="vip-method-label"
              columns={2}
              value={[method]}
              onChange={(values) => values[0] && setMethod(values[0])}
              options={tipMethodsFor(data.currency).map((rail) => ({
                label: methodLabel(rail, tPay),
                value: rail,
              }))}
            />
            <Button
              block
              color="primary"
              size="large"
              loading={buy.isPending || payByRail.isPending}
              onClick={() => void purchase()}
            >
              {method === 'wallet'
                ? data.isMember
                  ? t('renew')
                  : t('buy')
                : t(data.isMember ? 'renewWith' : 'buyWith', { method: methodLabel(method, tPay) })}
            </Button>
          </div>
        )}
      </Refreshable>
    );
  }

  return (
    <Page title={t('title')} backTo={paths.my.href()} className="vip-page">
      {content}
    </Page>
  );
}
