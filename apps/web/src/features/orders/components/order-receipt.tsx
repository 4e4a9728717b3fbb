import '../orders-strings';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import type { OrderDetail, SettlementPreview } from '../api/orders-api';
import { PriceBreakdown } from './price-breakdown';

const isSettlement = (value: unknown): value is SettlementPreview =>
  typeof value === 'object' &&
  value !== null &&
  'refund' in value &&
  Array.isArray((value as { kept?: unknown }).kept);

/**
 * The order's receipt: number, parties, times, the stored price breakdown, and whether it was paid
 * and how a cancellation was settled. Built to print: the print stylesheet drops the app's chrome.
 */
export function OrderReceipt({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const timeZone = order.labels?.timeZone;
  // A receipt says what was charged, in the currency it was charged in.
  const money = (amount: number) => format.money({ amount, currency: order.quote.currency });
  const payment = order.timeline.find((row) => row.transition === 'pay');
  const settlement = isSettlement(order.settlement) ? order.settlement : null;
  const provider = order.labels?.therapistName ?? order.labels?.storeName ?? '';
  return (
    <article className="order-receipt" aria-labelledby="receipt-title">
      <header className="order-receipt__head">
        <h2 id="receipt-title">{t('receipt.title')}</h2>
        <p>
          {t('detail.orderNumber')}: <strong data-testid="receipt-number">{order.orderNumber}</strong>
        </p>
        <p>{t(`status.${order.status}`)}</p>
      </header>
      <section className="order-section">
        <h3 className="order-section__title">{t('receipt.parties')}</h3>
        <dl className="order-lines">
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('receipt.customer')}</dt>
            <dd>{[order.contactName, order.contactPhone].filter(Boolean).join(' · ')}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('receipt.provider')}</dt>
            <dd>{provider}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('detail.project')}</dt>
            <dd>
              {order.labels?.projectName} · {t('card.clocks', { count: order.clocks })}
            </dd>
          </div>
        </dl>
      </section>
      <section className="order-section">
        <h3 className="order-section__title">{t('receipt.times')}</h3>
        <dl className="order-lines">
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('detail.createdAt')}</dt>
            <dd>{format.dateTime(order.createdAt, timeZone)}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('detail.startsAt')}</dt>
            <dd>{format.dateTime(order.startsAt, timeZone)}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('detail.endsAt')}</dt>
            <dd>{format.dateTime(order.endsAt, timeZone)}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('receipt.paid')}</dt>
            <dd>{payment ? format.dateTime(payment.at, timeZone) : t('receipt.notPaid')}</dd>
          </div>
        </dl>
      </section>
      <PriceBreakdown order={order} />
      {settlement ? (
        <section className="order-section">
          <h3 className="order-section__title">{t('receipt.settlement')}</h3>
          <dl className="order-lines">
            <div className="order-lines__row">
              <dt>{t('cancel.paid')}</dt>
              <dd>{money(settlement.paid)}</dd>
            </div>
            {settlement.kept.map((line) => (
              <div key={line.reason} className="order-lines__row">
                <dt>
                  {t(`cancel.reasons.${line.reason}`)}{' '}
                  <span className="order-lines__note">{t(`cancel.keptBy.${line.keptBy}`)}</span>
                </dt>
                <dd>−{money(line.amount)}</dd>
              </div>
            ))}
            <div className="order-lines__row is-total">
              <dt>{t('cancel.refund')}</dt>
              <dd>{money(settlement.refund)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <footer className="order-receipt__foot">
        <p>{t('receipt.platform')}</p>
        <Button color="primary" className="no-print" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
      </footer>
    </article>
  );
}
