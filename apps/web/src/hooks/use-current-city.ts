import type { CityItem, CityList } from '@sabai/shared/geo/geo.schemas';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
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
