import type { ReactNode } from 'react';

/**
 * Where the booking pages put the coupon choice (decision 043). Booking knows no coupons: the page
 * composing it hands in the coupons feature's picker, which sees the quote before the coupon and
 * the quote's error (a refused coupon is dropped there).
 */
export interface CouponSlotProps {
  order: { currency: string; total: number } | undefined;
  value: number | undefined;
  onChange: (couponId: number | undefined) => void;
  quoteError: unknown;
}
export type CouponSlot = (props: CouponSlotProps) => ReactNode;
