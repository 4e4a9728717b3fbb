import { AttemptView } from '../../../features/payments/components/attempt-view';
import { PayPageFrame } from './pay-pages';

/** Spec index/hwQrCode and index/faQrCode (`?ordersId=`): the order's current QR or card payment. */
export default function QrCodePage() {
  return (
    <PayPageFrame titleKey="qr.title">
      {(order, onOrderChanged) => <AttemptView order={order} onOrderChanged={onOrderChanged} />}
    </PayPageFrame>
  );
}
