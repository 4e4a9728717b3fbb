import type { CouponView } from '@sabai/shared/payments/coupons.schemas';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../lib/format';
import { intlFormatter } from '../../lib/intl-formatters';

/**
 * A coupon's terms in words. Amounts stay in the coupon's own currency (it applies only to orders
 * in it), never converted to the display currency.
 */
export function couponText(coupon: CouponView, locale: string, t: TFunction) {
  const money = (amount: number) => formatMoney(amount, coupon.currency, locale);
  const percent = intlFormatter(Intl.NumberFormat, locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(coupon.percentBasisPoints / 10_000);
  return {
    value:
      coupon.kind === 'amount'
        ? t('coupons:value.amountOff', { amount: money(coupon.amount) })
        : t('coupons:value.percentOff', { percent }),
    cap:
      coupon.kind === 'percent' && coupon.capAmount > 0
        ? t('coupons:value.cap', { amount: money(coupon.capAmount) })
        : '',
    minimum:
      coupon.minimumAmount > 0
        ? t('coupons:minimum.atLeast', { amount: money(coupon.minimumAmount) })
        : t('coupons:minimum.none'),
    money,
  };
}

/** The envelope codes of a coupon the server refused (4040–4048, decision 043). */
export const isCouponRefusal = (code: number) => code >= 4040 && code <= 4048 && code !== 4047;
