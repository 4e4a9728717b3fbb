import '../tips-strings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { type PurposeAttemptView, useAttempt } from '../api/extras-api';
import { moneyText } from '../money-text';

/**
 * A pending rail payment: its QR (or the card checkout's reference) and the status, asked again
 * every few seconds until the provider's answer is in. `onSettled` hears the final status once.
 */
export function PaymentQr({
  attempt,
  onSettled,
  timeZone,
}: {
  attempt: PurposeAttemptView;
  onSettled?: (status: PurposeAttemptView['status']) => void;
  /** The order's city's zone, where an order is concerned; else the phone's own. */
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation('tips');
  const format = useFormatting();
  const polled = useAttempt(attempt.id);
  const current = polled.data ?? attempt;
  const [svg, setSvg] = useState<string>();
  const isQr = current.method !== 'card';

  useEffect(() => {
    if (!isQr || current.payload === '') return;
    let isCurrent = true;
    // The QR library loads only when a QR is shown.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(current.payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then(
        (text) => {
          if (isCurrent) setSvg(text);
        },
        () => {
          // The reference below still identifies the payment.
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [current.payload, isQr]);

  useEffect(() => {
    if (current.status !== 'pending') onSettled?.(current.status);
  }, [current.status, onSettled]);

  const amount = moneyText(current.amount, current.currency, format.locale);
  return (
    <section className="extras-qr" aria-labelledby="extras-qr-title">
      <h3 id="extras-qr-title" className="extras-qr__title">
        {isQr ? t('pay.scanTitle') : t('pay.cardTitle')}
      </h3>
      <p className="extras-qr__amount">{amount}</p>
      {isQr ? (
        svg ? (
          <img
            className="extras-qr__image"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={t('pay.qrLabel', { amount })}
          />
        ) : (
          <div className="extras-qr__image extras-qr__image--loading" aria-hidden="true" />
        )
      ) : null}
      <p className="extras-qr__hint">{isQr ? t('pay.scanHint') : t('pay.cardHint')}</p>
      <p className={`extras-qr__status extras-qr__status--${current.status}`} role="status">
        {t(`pay.status.${current.status}`)}
      </p>
      {current.expiresAt && current.status === 'pending' ? (
        <p className="extras-qr__expiry">
          {t('pay.validUntil', { time: format.dateTime(current.expiresAt, timeZone) })}
        </p>
      ) : null}
    </section>
  );
}
