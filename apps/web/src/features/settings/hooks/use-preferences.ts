import type { Language } from '@sabai/shared/i18n';
import type { Currency, DistanceUnit } from '@sabai/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { changeLanguage } from '../../../lib/i18n';
import { getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from '../../../lib/preferences';
import { STORAGE_KEYS, subscribeStorage, writeStored } from '../../../lib/storage';

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/**
 * Language, currency and distance unit: remembered in localStorage and read by the request helper
 * on every call. A change refetches server data, since answers depend on these headers.
 */
export function usePreferences() {
  const queryClient = useQueryClient();
  const language = useSyncExternalStore(subscribe, getStoredLanguage, getStoredLanguage);
  const currency = useSyncExternalStore(subscribe, getStoredCurrency, getStoredCurrency);
  const distanceUnit = useSyncExternalStore(subscribe, getStoredDistanceUnit, getStoredDistanceUnit);

  const setLanguage = useCallback(
    async (next: Language) => {
      await changeLanguage(next);
      await queryClient.invalidateQueries();
    },
    [queryClient],
  );
  const setCurrency = useCallback(
    (next: Currency) => {
      writeStored(STORAGE_KEYS.currency, next);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
  const setDistanceUnit = useCallback(
    (next: DistanceUnit) => {
      writeStored(STORAGE_KEYS.distanceUnit, next);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  return { language, currency, distanceUnit, setLanguage, setCurrency, setDistanceUnit };
}
