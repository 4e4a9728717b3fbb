import { useCouponRefusal } from '../use-coupon-refusal';
import { CouponPicker } from './coupon-picker';

/**
 * The coupon line the booking pages show (handed to booking as its coupon slot): the picker, and a
 * coupon the quote refused dropped with the reason told.
 */
export function CouponChoice({
  order,
  value,
  onChange,
  quoteError,
}: {
  order: { currency: string; total: number } | undefined;
  value: number | undefined;
  onChange: (couponId: number | undefined) => void;
  quoteError: unknown;
}) {
  useCouponRefusal(quoteError, () => onChange(undefined));
  return <CouponPicker order={order} value={value} onChange={onChange} />;
}
