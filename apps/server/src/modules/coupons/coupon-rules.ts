import type { CouponKind, CouponStatus } from '@sabai/shared/payments/coupons.schemas';

/** What a coupon row says about money, as the rules below need it. */
export interface CouponTerms {
  kind: string;
  amount: number;
  percentBasisPoints: number;
  capAmount: number;
  currency: string;
  minimumAmount: number;
  validFrom: Date;
  validUntil: Date;
  status: string;
}

/** "Expired" is derived: an unused coupon whose window has ended. A used coupon stays "used". */
export function couponStatusAt(coupon: Pick<CouponTerms, 'status' | 'validUntil'>, now: Date): CouponStatus {
  if (coupon.status === 'used') return 'used';
  return coupon.validUntil.getTime() <= now.getTime() ? 'expired' : 'unused';
}

/**
 * What the coupon takes off an order of `total` (minor units): its face value, or its percentage
 * rounded half up and capped; never more than the total, so nothing is payable below zero.
 */
export function couponDiscount(
  coupon: Pick<CouponTerms, 'kind' | 'amount' | 'percentBasisPoints' | 'capAmount'>,
  total: number,
): number {
  const kind = coupon.kind as CouponKind;
  let discount =
    kind === 'amount' ? coupon.amount : Math.floor((2 * total * coupon.percentBasisPoints + 10_000) / 20_000);
  if (kind === 'percent' && coupon.capAmount > 0) discount = Math.min(discount, coupon.capAmount);
  return Math.max(0, Math.min(discount, total));
}
