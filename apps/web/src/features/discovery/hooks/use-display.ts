import { LANG_HEADER } from '@sabai/shared/i18n';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDistanceKm,
  formatPrice,
  formatRating,
  formatRelativeTime,
  formatUpcoming,
  hasIntlData,
  type MoneyValue,
} from '../../../lib/format';
import { getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from '../../../lib/preferences';
import { subscribeStorage } from '../../../lib/storage';
import { useCurrencyRates } from '../api/discovery-api';
import '../discovery-strings';

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/**
 * Formatting bound to the user's settings: prices converted to their currency with the server's
 * display rates, distances in their unit, numbers and dates in their language.
 */
export function useDisplay() {
  const language = useSyncExternalStore(subscribe, getStoredLanguage, getStoredLanguage);
  const currency = useSyncExternalStore(subscribe, getStoredCurrency, getStoredCurrency);
  const unit = useSyncExternalStore(subscribe, getStoredDistanceUnit, getStoredDistanceUnit);
  const rates = useCurrencyRates().data?.rates;
  const locale = LANG_HEADER[language];
  const { t, i18n } = useTranslation('discovery');

  const price = useCallback(
    (money: MoneyValue) => formatPrice(money, currency, rates, locale),
    [currency, rates, locale],
  );
  const distance = useCallback(
    (km: number | null | undefined) =>
      km === null || km === undefined ? '' : formatDistanceKm(km, unit, locale),
    [unit, locale],
  );
  return {
    language,
    locale,
    price,
    distance,
    // Minutes, weekdays and spoken languages come from our strings: some browsers have no Khmer Intl data.
    minutes: (value: number) => t('units.minutes', { value: formatCount(value, locale) }),
    weekday: (day: number) => t(`weekdays.${day}`),
    spokenLanguage: (code: string) =>
      i18n.exists(`discovery:languages.${code}`) ? t(`languages.${code}`) : code,
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
