import type { PaymentMethod } from './api/payments-api';

/** The QR rails' brand names: the same in every language, put into translated sentences. */
export const RAIL_BRANDS: Partial<Record<PaymentMethod, string>> = {
  khqr: 'KHQR',
  promptpay: 'PromptPay',
  vietqr: 'VietQR',
};

/** A method's name in the user's language (`payments` namespace). */
export function methodName(
  t: (key: string, values?: Record<string, unknown>) => string,
  method: PaymentMethod,
) {
  const brand = RAIL_BRANDS[method];
  return brand ? t('methods.qr', { brand }) : t(`methods.${method}`);
}
