import type { TipMethod } from './api/extras-api';

/** Which rails take which currency (as the server's payments module: KHQR USD/KHR, PromptPay THB, VietQR VND, card any). */
export function tipMethodsFor(currency: string): TipMethod[] {
  const rails: TipMethod[] = ['wallet'];
  if (currency === 'USD' || currency === 'KHR') rails.push('khqr');
  if (currency === 'THB') rails.push('promptpay');
  if (currency === 'VND') rails.push('vietqr');
  rails.push('card');
  return rails;
}

/** The QR rails' own brand names, the same in every language; the others are translated. */
const BRANDS: Partial<Record<TipMethod, string>> = { khqr: 'KHQR', promptpay: 'PromptPay', vietqr: 'VietQR' };

export const methodLabel = (method: TipMethod, t: (key: string) => string) =>
  BRANDS[method] ?? t(`pay.methods.${method}`);
