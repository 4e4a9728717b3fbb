import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The payload drawn as a QR code (the `qrcode` package, SVG: no canvas needed). The payload text
 * stays on the element (`data-payload`) so a journey can read what the code says.
 */
export function QrImage({ payload, label }: { payload: string; label: string }) {
  const [source, setSource] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((svg) => {
        if (isCurrent) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (isCurrent) setSource(undefined);
      });
    return () => {
      isCurrent = false;
    };
  }, [payload]);
  return (
    <figure className="pay-qr__code" data-testid="payment-qr" data-payload={payload}>
      {source ? (
        <img src={source} alt={label} width={220} height={220} />
      ) : (
        <div className="pay-qr__placeholder" />
      )}
    </figure>
  );
}
