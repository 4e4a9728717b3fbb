import type { CouponView } from '@sabai/shared/payments/coupons.schemas';
import { Button, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { useUsableCoupons } from '../api/coupons-api';
import { couponText } from '../coupon-text';
import '../coupons.css';
import '../coupons-strings';
import { CouponCard } from './coupon-card';

/** Why a coupon cannot be used on this order, in words; undefined when it can. */
function ineligibility(
  coupon: CouponView,
  order: { currency: string; total: number },
  locale: string,
  t: ReturnType<typeof useTranslation>['t'],
) {
  if (coupon.currency !== order.currency)
    return t('coupons:picker.otherCurrency', { currency: order.currency });
  if (coupon.minimumAmount > order.total)
    return t('coupons:picker.belowMinimum', {
      amount: couponText(coupon, locale, t).money(coupon.minimumAmount),
    });
  return undefined;
}

/**
 * The booking page's coupon line: how many of my coupons fit this order, and a sheet to choose one
 * (or none). The server checks the choice again in the quote; this only spares a refusal.
 */
export function CouponPicker({
  order,
  value,
  onChange,
}: {
  /** The order's currency and total before any coupon (the quote's), once there is a quote. */
  order: { currency: string; total: number } | undefined;
  value: number | undefined;
  onChange: (couponId: number | undefined) => void;
}) {
  const { t } = useTranslation('coupons');
  const { locale } = useFormatting();
  const [isOpen, setOpen] = useState(false);
  const coupons = useUsableCoupons(true);
  const items = coupons.data?.items ?? [];
  const rated = items.map((coupon) => ({
    coupon,
    reason: order ? ineligibility(coupon, order, locale, t) : undefined,
  }));
  const eligible = rated.filter((entry) => !entry.reason);
  const chosen = items.find((coupon) => coupon.id === value);

  const summary = chosen
    ? couponText(chosen, locale, t).value
    : eligible.length > 0
      ? t('picker.available', { count: eligible.length })
      : t('picker.noneAvailable');

  const choose = (couponId: number | undefined) => {
    onChange(couponId);
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className="coupon-picker__row"
        onClick={() => setOpen(true)}
        disabled={!order || coupons.isPending}
        aria-haspopup="dialog"
      >
        <span>{t('picker.label')}</span>
        <span className={chosen ? 'coupon-picker__chosen' : undefined}>
          {summary} <RightOutline aria-hidden="true" />
        </span>
      </button>
      <Popup
        visible={isOpen}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <div className="coupon-picker__sheet" role="dialog" aria-label={t('picker.title')}>
          <h2>{t('picker.title')}</h2>
          <ul className="coupon-list">
            {rated.map(({ coupon, reason }) => (
              <li key={coupon.id}>
                <button
                  type="button"
                  aria-pressed={coupon.id === value}
                  className="coupon-picker__option"
                  disabled={reason !== undefined}
                  onClick={() => choose(coupon.id)}
                >
                  <CouponCard coupon={coupon} note={reason} isMuted={reason !== undefined} />
                </button>
              </li>
            ))}
          </ul>
          <div className="coupon-picker__none">
            <Button block fill="outline" onClick={() => choose(undefined)}>
              {t('picker.none')}
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}
