import { PayView } from '../../../features/payments/components/pay-view';
import { PayPageFrame } from './pay-pages';

/** Spec index/pay (`?ordersId=`): choose how to pay the order. */
export default function PayPage() {
  return (
    <PayPageFrame titleKey="pay.title">
      {(order, onOrderChanged) => <PayView order={order} onOrderChanged={onOrderChanged} />}
    </PayPageFrame>
  );
}
