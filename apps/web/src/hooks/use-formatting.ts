import type { CurrencyRates } from '@sabai/shared/catalog/catalog.schemas';
import { LANG_HEADER } from '@sabai/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useSyncExternalStore } from 'react';
import { api } from '../lib/api-client';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDistanceKm,
  formatMoneyValue,
  formatPrice,
  formatRating,
  formatRelativeTime,
  formatUpcoming,
  hasIntlData,
  type MoneyValue,
} from '../lib/format';
import { getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from '../lib/preferences';
import { subscribeStorage } from '../lib/storage';

export const CURRENCY_RATES_KEY = ['currency-rates'] as const;

/** The server's display rates: prices are shown in the user's currency, charged in the original. */
export function useCurrencyRates() {
  return useQuery({
    queryKey: CURRENCY_RATES_KEY,
    queryFn: ({ signal }) => api.get<CurrencyRates>('/app/currency/rates', { signal, isSilent: true }),
    staleTime: 30 * 60_000,
  });
}

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/**
 * Formatting bound to the user's settings: money converted to their currency with the server's
 * display rates, distances in their unit, numbers and dates in their language.
 */
export function useFormatting() {
  const language = useSyncExternalStore(subscribe, getStoredLanguage, getStoredLanguage);
  const currency = useSyncExternalStore(subscribe, getStoredCurrency, getStoredCurrency);
  const unit = useSyncExternalStore(subscribe, getStoredDistanceUnit, getStoredDistanceUnit);
  // Deferred as a query's answer (use-deferred-data.ts): the rates' arrival redraws every price.
  const rates = useDeferredValue(useCurrencyRates().data?.rates);
  const locale = LANG_HEADER[language];

  const price = useCallback(
    (money: MoneyValue) => formatPrice(money, currency, rates, locale),
    [currency, rates, locale],
  );
  // Money that was (or is being) paid, kept or refunded is shown as it moved: never converted, so
  // the lines of a settlement add up to what was paid, in the currency it was paid in.
  const money = useCallback((value: MoneyValue) => formatMoneyValue(value, locale, rates), [locale, rates]);
  const distance = useCallback(
    (km: number | null | undefined) =>
      km === null || km === undefined ? '' : formatDistanceKm(km, unit, locale),
    [unit, locale],
  );
  return {
    language,
    locale,
    price,
    money,
    distance,
    date: (iso: string) => formatDate(iso, locale),
    /** "3 days ago" where the browser can say it in the user's language, else the date. */
    ago: (iso: string) =>
      hasIntlData(locale) ? formatRelativeTime(new Date(iso), locale) : formatDate(iso, locale),
    rating: (value: number) => formatRating(value, locale),
    count: (value: number) => formatCount(value, locale),
    dateTime: (iso: string, timeZone?: string) => formatDateTime(iso, locale, timeZone),
    upcoming: (iso: string, timeZone?: string) => formatUpcoming(iso, locale, timeZone),
  };
}
