import type { CurrencyRates } from '@sabai/shared/catalog/catalog.schemas';
import { LANG_HEADER } from '@sabai/shared/i18n';
import { hashKey, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '../lib/api-client';
import {
  formatCount,
  formatDistanceKm,
  formatMoneyValue,
  formatPrice,
  formatRating,
  hasIntlData,
  type MoneyValue,
} from '../lib/format';
import {
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatRelativeTime,
  formatUpcoming,
  type ShownZone,
  VIEWER_ZONE,
} from '../lib/format-dates';
import { getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from '../lib/preferences';
import { subscribeStorage } from '../lib/storage';

export const CURRENCY_RATES_KEY = ['currency-rates'] as const;

const currencyRatesQueryOptions = queryOptions({
  queryKey: CURRENCY_RATES_KEY,
  queryFn: ({ signal }) => api.get<CurrencyRates>('/app/currency/rates', { signal, isSilent: true }),
  staleTime: 30 * 60_000,
});
const CURRENCY_RATES_HASH = hashKey(CURRENCY_RATES_KEY);

/** The server's display rates: prices are shown in the user's currency, charged in the original. */
export function useCurrencyRates() {
  return useQuery(currencyRatesQueryOptions);
}

/** Asks for the display rates beside a first screen's own answer, without a component watching. */
export function prefetchCurrencyRates(client: QueryClient): void {
  void client.prefetchQuery(currencyRatesQueryOptions);
}

/**
 * The display rates for the formatting of one component, redrawn at transition priority when they
 * arrive or change (decision 093). A query observer hands React each change through
 * useSyncExternalStore, which React renders synchronously: every card that formats a price had its
 * own observer, so the rates' arrival redrew each card at once, then again once the deferred value
 * caught up (≈ 250 ms of one task at 4× on Khmer Home). Here the observer only asks for the rates
 * and keeps them cached (it notifies on no change), and the cache's change is set as state in a
 * transition: all cards redraw once, in slices.
 */
const cachedRates = (client: QueryClient) => client.getQueryData<CurrencyRates>(CURRENCY_RATES_KEY)?.rates;

function useDisplayRates(): CurrencyRates['rates'] | undefined {
  const client = useQueryClient();
  useQuery({ ...currencyRatesQueryOptions, notifyOnChangeProps: [] });
  const [rates, setRates] = useState(() => cachedRates(client));
  const shown = useRef(rates);
  useEffect(() => {
    // The cache tells of every fetch and observer; only another answer is worth a render.
    const update = () => {
      const next = cachedRates(client);
      if (next === shown.current) return;
      shown.current = next;
      startTransition(() => setRates(next));
    };
    // Rates that arrived between this component's render and its effect.
    update();
    return client.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === CURRENCY_RATES_HASH) update();
    });
  }, [client]);
  return rates;
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
  // The rates' arrival redraws every price: at transition priority, once (useDisplayRates).
  const rates = useDisplayRates();
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
    /**
     * Moments on a named clock (decision 108): the city's zone for what belongs to a city (an
     * order, its refund, payments, the workbench), `VIEWER_ZONE` for the rest. Required: no
     * moment is shown on a clock nobody chose.
     */
    date: (iso: string, timeZone: ShownZone) => formatDate(iso, locale, timeZone),
    dateTime: (iso: string, timeZone: ShownZone) => formatDateTime(iso, locale, timeZone),
    upcoming: (iso: string, timeZone: ShownZone) => formatUpcoming(iso, locale, timeZone),
    /** A calendar date ('YYYY-MM-DD', a day with no moment), the same day on every clock. */
    localDate: (localDate: string) => formatLocalDate(localDate, locale),
    /** "3 days ago" where the browser can say it in the user's language, else the date (viewer's clock). */
    ago: (iso: string) =>
      hasIntlData(locale) ? formatRelativeTime(new Date(iso), locale) : formatDate(iso, locale, VIEWER_ZONE),
    rating: (value: number) => formatRating(value, locale),
    count: (value: number) => formatCount(value, locale),
  };
}
