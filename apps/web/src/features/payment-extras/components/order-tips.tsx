import '../tips-strings';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { useOrderTips } from '../api/extras-api';
import { moneyText } from '../money-text';
import { TipSheet } from './tip-sheet';

/**
 * An order's tips, on both sides: the customer sees what they gave and may tip once the service
 * has ended (decision 108); the provider sees what they received. Nothing shows while there is
 * nothing to say.
 */
export function OrderTips({
  orderId,
  side,
  timeZone,
}: {
  orderId: number;
  side: 'customer' | 'provider';
  /** The order's city's time zone, as every other time on the order is shown. */
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation('tips');
  const format = useFormatting();
  const tips = useOrderTips(orderId);
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  if (tips.isPending) return null;
  if (tips.isError) {
    return (
      <section
        className={side === 'provider' ? 'extras-tips extras-tips--standalone' : 'order-section extras-tips'}
        aria-label={t('list.title')}
      >
        <p className="extras-tips__error" role="alert">
          {t('list.loadError')}{' '}
          <Button size="mini" fill="none" color="primary" onClick={() => void tips.refetch()}>
            {t('list.retry')}
          </Button>
        </p>
      </section>
    );
  }
  const view = tips.data;
  if (view.tips.length === 0 && !view.canTip) return null;
  const shown = (amount: number) => moneyText(amount, view.currency, format.locale);
  return (
    <section
      className={side === 'provider' ? 'extras-tips extras-tips--standalone' : 'order-section extras-tips'}
      aria-labelledby={`tips-title-${orderId}`}
    >
      <h3 id={`tips-title-${orderId}`} className="order-section__title extras-tips__title">
        {side === 'customer' ? t('list.titleCustomer') : t('list.titleProvider')}
      </h3>
      {view.tips.length > 0 ? (
        <>
          <ul className="extras-tips__list">
            {view.tips.map((tip) => (
              <li key={tip.id}>
                <span>{tip.paidAt ? format.dateTime(tip.paidAt, timeZone) : ''}</span>
                <strong>{shown(tip.amount)}</strong>
              </li>
            ))}
          </ul>
          <p className="extras-tips__total">{t('list.total', { amount: shown(view.paidTotal) })}</p>
        </>
      ) : (
        <p className="extras-tips__empty">{t('list.empty')}</p>
      )}
      {view.canTip ? (
        <>
          <Button block color="primary" fill="outline" onClick={() => setIsSheetOpen(true)}>
            {view.tips.length > 0 ? t('list.tipAgain') : t('list.give')}
          </Button>
          <TipSheet
            orderId={orderId}
            currency={view.currency}
            presets={view.presets}
            maxAmount={view.maxAmount}
            isOpen={isSheetOpen}
            timeZone={timeZone}
            onClose={() => setIsSheetOpen(false)}
          />
        </>
      ) : null}
    </section>
  );
}
