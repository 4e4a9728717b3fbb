import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorConstructor | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;

/** Whether this browser can read QR codes itself (Chromium on Android, not Safari or Firefox). */
export const canScanQr = () => typeof detectorClass() === 'function' && Boolean(navigator.mediaDevices);

/** The six-digit verification code inside whatever the customer's QR code carries. */
export const codeFromQr = (raw: string): string | null => /(?:^|\D)(\d{6})(?:\D|$)/.exec(raw)?.[1] ?? null;

/**
 * Reads the customer's QR code with the camera and the browser's own BarcodeDetector (no library):
 * hands over the first six-digit code it finds, then stops the camera.
 */
export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation('workbench');
  const video = useRef<HTMLVideoElement>(null);
  const [isFailed, setFailed] = useState(false);
  const handlers = useRef({ onCode });
  handlers.current = { onCode };

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return setFailed(true);
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let isStopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (opened) => {
        stream = opened;
        if (isStopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          const code = found.map((item) => codeFromQr(item.rawValue)).find(Boolean);
          if (code) {
            clearInterval(timer);
            handlers.current.onCode(code);
          }
        }, 300);
      })
      .catch(() => setFailed(true));
    return () => {
      isStopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="qr-scanner">
      {isFailed ? (
        <p role="alert">{t('store.scanFailed')}</p>
      ) : (
        <>
          <p>{t('store.scanning')}</p>
          <video ref={video} muted playsInline className="qr-scanner__video" />
        </>
      )}
      <Button block fill="none" onClick={onClose}>
        {t('store.scanStop')}
      </Button>
    </div>
  );
}
