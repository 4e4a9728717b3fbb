import { useCallback } from 'react';
import { useCurrencyRates, useFormatting } from '../../hooks/use-formatting';
import { formatMoneyValue } from '../../lib/format';

/**
 * Money as it is charged: in the order's own currency, never converted to the display currency
 * (a QR pays exactly this amount), formatted in the user's language.
 */
export function useCharged() {
  const { locale } = useFormatting();
  const rates = useCurrencyRates().data?.rates;
  return useCallback(
    (amount: number, currency: string) => formatMoneyValue({ amount, currency }, locale, rates),
    [locale, rates],
  );
}
