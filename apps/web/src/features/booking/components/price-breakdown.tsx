import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MoneyValue } from '../../../lib/format';
import type { OrderQuote } from '../api/booking-api';
import '../booking-strings';

/**
 * The server's quote, line by line, in the user's display currency (`price` converts). Nothing here
 * is computed on the client: the lines and the amount payable are the server's.
 */
export function PriceBreakdown({
  quote,
  isUpdating,
  isMemberPrice,
  kind,
  price,
  pendingText,
  error,
}: {
  quote: OrderQuote | undefined;
  isUpdating: boolean;
  /** The service line is at the member (VIP) price. */
  isMemberPrice: boolean;
  kind: 'homeVisit' | 'inStore';
  price: (money: MoneyValue) => string;
  /** Shown before there is anything to price (no start chosen yet). */
  pendingText: string;
  error?: string;
}) {
  const { t } = useTranslation('booking');
  if (!quote) {
    return (
      <div className="price-breakdown">
        <p className="booking__hint" role={error ? 'alert' : undefined}>
          {error ?? (isUpdating ? t('price.updating') : pendingText)}
        </p>
      </div>
    );
  }
  const money = (amount: number) => price({ amount, currency: quote.currency });
  const rows: { key: string; label: string; value: string }[] = [
    {
      key: 'service',
      label: t(isMemberPrice ? 'price.serviceMember' : 'price.service', { count: quote.clocks }),
      value: money(quote.service),
    },
    ...(kind === 'homeVisit'
      ? [{ key: 'travelFee', label: t('price.travelFee'), value: money(quote.travelFee) }]
      : []),
    { key: 'managementFee', label: t('price.managementFee'), value: money(quote.managementFee) },
    { key: 'vat', label: t('price.vat'), value: money(quote.vat) },
    {
      key: 'coupon',
      label: t('price.coupon'),
      value: quote.coupon > 0 ? `−${money(quote.coupon)}` : t('price.couponNone'),
    },
  ];
  return (
    <div
      className={isUpdating ? 'price-breakdown price-breakdown--updating' : 'price-breakdown'}
      aria-busy={isUpdating}
    >
      <dl className="price-breakdown__rows">
        {rows.map((row) => (
          <div key={row.key} className="price-breakdown__row" data-line={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <div className="price-breakdown__row price-breakdown__row--total" data-line="payable">
          <dt>{t('price.payable')}</dt>
          <dd>{money(quote.payable)}</dd>
        </div>
      </dl>
      {kind === 'inStore' ? <p className="booking__hint">{t('price.noTravelFee')}</p> : null}
      {isUpdating ? (
        <div className="booking__hint" role="status">
          <DotLoading /> {t('price.updating')}
        </div>
      ) : null}
    </div>
  );
}
