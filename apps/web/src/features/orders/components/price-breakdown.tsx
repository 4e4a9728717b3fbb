import '../orders-strings';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import type { OrderDetail } from '../api/orders-api';

interface Line {
  key: string;
  label: string;
  amount: number;
  isTotal?: boolean;
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The lines of the order's stored quote, then what later changes (project, extra time) added. */
export function priceLines(
  order: OrderDetail,
  t: (key: string, values?: Record<string, unknown>) => string,
  price: (money: { amount: number; currency: string }) => string,
) {
  const { quote } = order;
  const unit = price({ amount: quote.unitPrice, currency: quote.currency });
  const lines: Line[] = [
    { key: 'service', label: t('price.service', { count: quote.clocks, unit }), amount: quote.service },
  ];
  if (order.kind === 'homeVisit')
    lines.push({ key: 'travelFee', label: t('price.travelFee'), amount: quote.travelFee });
  lines.push({ key: 'managementFee', label: t('price.managementFee'), amount: quote.managementFee });
  if (quote.vat) lines.push({ key: 'vat', label: t('price.vat'), amount: quote.vat });
  if (quote.coupon) lines.push({ key: 'coupon', label: t('price.coupon'), amount: -quote.coupon });
  order.adjustments.forEach((adjustment, index) => {
    const key = `adjustment-${index}`;
    if (adjustment.kind === 'projectChange' && numberOf(adjustment.charge) > 0)
      lines.push({ key, label: t('price.projectChange'), amount: numberOf(adjustment.charge) });
    else if (adjustment.kind === 'extraClocks')
      lines.push({
        key,
        label: t('price.extraClocks', { count: numberOf(adjustment.count) }),
        amount: numberOf(adjustment.payable),
      });
    else if (adjustment.kind === 'travelDifference' && numberOf(adjustment.amount) !== 0)
      lines.push({ key, label: t('price.travelDifference'), amount: numberOf(adjustment.amount) });
  });
  lines.push({ key: 'payable', label: t('price.payable'), amount: quote.payable, isTotal: true });
  return lines;
}

export function PriceBreakdown({ order, title }: { order: OrderDetail; title?: string }) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const currency = order.quote.currency;
  return (
    <section className="order-section" aria-labelledby="order-price-title">
      <h3 id="order-price-title" className="order-section__title">
        {title ?? t('price.title')}
      </h3>
      <dl className="order-lines">
        {priceLines(order, t, format.money).map((line) => (
          <div key={line.key} className={line.isTotal ? 'order-lines__row is-total' : 'order-lines__row'}>
            <dt>{line.label}</dt>
            <dd>{format.money({ amount: line.amount, currency })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
