import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/feedback';
import { isApiError } from '../../lib/api-error';
import { isCouponRefusal } from './coupon-text';
import './coupons-strings';

/**
 * A quote the server refused because of the chosen coupon (used elsewhere, expired, below its
 * minimum): the coupon is dropped, so the quote comes back without it, and the customer is told why.
 */
export function useCouponRefusal(error: unknown, drop: () => void) {
  const { t } = useTranslation('coupons');
  const dropRef = useRef(drop);
  dropRef.current = drop;
  useEffect(() => {
    if (!isApiError(error) || !isCouponRefusal(error.code)) return;
    dropRef.current();
    showToast(t('picker.removed', { reason: error.message }));
  }, [error, t]);
}
