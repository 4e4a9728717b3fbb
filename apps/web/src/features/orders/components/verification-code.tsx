import '../orders-strings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An in-store order's six-digit code and its QR. The QR holds the bare code, exactly what the store
 * would type in: the counter's consume route takes either (decision 032).
 */
export function VerificationCode({ code }: { code: string }) {
  const { t } = useTranslation('orders');
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    // The QR library loads only for the in-store orders that show a code.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then(
        (text) => {
          if (isCurrent) setSvg(text);
        },
        () => {
          // The digits below are enough on their own.
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [code]);
  return (
    <section className="order-section order-code" aria-labelledby="order-code-title">
      <h3 id="order-code-title" className="order-section__title">
        {t('detail.verificationTitle')}
      </h3>
      {svg ? (
        <img
          className="order-code__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('detail.qrLabel', { code })}
          width={168}
          height={168}
        />
      ) : null}
      <p className="order-code__digits" data-testid="verification-code">
        {code}
      </p>
      <p className="order-code__hint">{t('detail.verificationHint')}</p>
    </section>
  );
}
