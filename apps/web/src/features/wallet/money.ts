import { isCurrency } from '@sabai/shared/money';
import { formatMoney } from '../../lib/format';

/** A wallet amount in its own currency (never converted: it is what the ledger holds). */
export function walletMoney(amount: number, currency: string, locale: string): string {
  return isCurrency(currency) ? formatMoney(amount, currency, locale) : `${amount} ${currency}`;
}

/** An amount with its sign, for history rows (+ money in, − money out). */
export function signedMoney(amount: number, currency: string, locale: string): string {
  const text = walletMoney(Math.abs(amount), currency, locale);
  return amount < 0 ? `−${text}` : `+${text}`;
}
