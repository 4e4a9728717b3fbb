import type { CouponView } from '@sabai/shared/payments/coupons.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { couponText } from '../coupon-text';
import '../coupons-strings';
import { VIEWER_ZONE } from '../../../lib/format-dates';

/** One coupon as a ticket: its value on the left, its terms and status on the right. */
export function CouponCard({
  coupon,
  note,
  action,
  isMuted = false,
}: {
  coupon: CouponView;
  /** Why it cannot be used here (the booking picker). */
  note?: string | undefined;
  action?: ReactNode;
  isMuted?: boolean;
}) {
  const { t } = useTranslation('coupons');
  const { locale, date } = useFormatting();
  const text = couponText(coupon, locale, t);
  return (
    <article
      className={`coupon-card coupon-card--${isMuted ? 'ineligible' : coupon.status}`}
      aria-label={text.value}
    >
      <div className="coupon-card__value">
        <strong>{text.value}</strong>
        {text.cap ? <span>{text.cap}</span> : null}
      </div>
      <div className="coupon-card__terms">
        <span>{text.minimum}</span>
        <span>
          {coupon.status === 'used' && coupon.usedAt
            ? t('usedOn', { date: date(coupon.usedAt, VIEWER_ZONE) })
            : t('validUntil', { date: date(coupon.validUntil, VIEWER_ZONE) })}
        </span>
        {note ? <span className="coupon-card__note">{note}</span> : null}
      </div>
      <div className="coupon-card__side">
        {action ?? <span className="coupon-card__status">{t(`status.${coupon.status}`)}</span>}
      </div>
    </article>
  );
}
