import { isCurrency, MINOR_UNIT_DIGITS, MoneyError, parseMoney } from '@sabai/shared/money';
import { intlFormatter } from '../../lib/intl-formatters';

/** An amount in the currency it is charged in (a tip or a top-up is never converted for display). */
export function moneyText(amount: number, currency: string, locale: string): string {
  const digits = isCurrency(currency) ? MINOR_UNIT_DIGITS[currency] : 2;
  return intlFormatter(Intl.NumberFormat, locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** What a person typed ("2", "2.50") as minor units; null when it is not a positive amount. */
export function typedAmount(text: string, currency: string): number | null {
  if (!isCurrency(currency)) return null;
  try {
    const { amount } = parseMoney(text, currency);
    return amount > 0 ? amount : null;
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}
