import { PaySuccessView } from '../../../features/payments/components/pay-success-view';
import { PayPageFrame } from './pay-pages';

/** Spec index/paySuccess and public/paySuccess (`?ordersId=`): the order's payment, done. */
export default function PaySuccessPage() {
  return <PayPageFrame titleKey="success.title">{(order) => <PaySuccessView order={order} />}</PayPageFrame>;
}
