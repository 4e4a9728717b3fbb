import type { CityItem, CityList } from '@sabai/shared/geo/geo.schemas';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useSyncExternalStore } from 'react';
import { api } from '../lib/api-client';
import { getStoredCityId } from '../lib/preferences';
import { subscribeStorage } from '../lib/storage';

export const CITIES_KEY = ['cities'] as const;

/** The open and voting cities (the city picker, the current city's name and time zone). */
export function useCities() {
  return useQuery({
    queryKey: CITIES_KEY,
    queryFn: ({ signal }) => api.get<CityList>('/app/cities', { signal, isSilent: true }),
    staleTime: 10 * 60_000,
  });
}

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/** The chosen city (stored id, sent as the `cityId` header), with its name and time zone. */
export function useCurrentCity(): { cityId: string; city: CityItem | undefined; isPending: boolean } {
  const cityId = useSyncExternalStore(subscribe, getStoredCityId, getStoredCityId);
  const cities = useCities();
  const all = [...(cities.data?.open ?? []), ...(cities.data?.voting ?? [])];
  return { cityId, city: all.find((city) => String(city.id) === cityId), isPending: cities.isPending };
}

/**
 * The current city's time zone, for cards that show a time. Deferred (issue #17, decision 098): the
 * city list often arrives after a page's first answer, and its update reaches React synchronously
 * (TanStack Query through useSyncExternalStore). The page then redraws itself at once, while its
 * memoised cards keep the time zone they had and redraw with the new one at transition priority, in
 * short slices, instead of all of them in one long task.
 */
export function useCityTimeZone(): string | undefined {
  const { city } = useCurrentCity();
  return useDeferredValue(city?.timeZone);
}
