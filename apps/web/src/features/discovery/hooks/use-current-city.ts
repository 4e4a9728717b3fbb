import type { CityItem } from '@sabai/shared/geo/geo.schemas';
import { useSyncExternalStore } from 'react';
import { getStoredCityId } from '../../../lib/preferences';
import { subscribeStorage } from '../../../lib/storage';
import { useCities } from '../api/discovery-api';

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/** The chosen city (stored id, sent as the `cityId` header), with its name and time zone. */
export function useCurrentCity(): { cityId: string; city: CityItem | undefined; isPending: boolean } {
  const cityId = useSyncExternalStore(subscribe, getStoredCityId, getStoredCityId);
  const cities = useCities();
  const all = [...(cities.data?.open ?? []), ...(cities.data?.voting ?? [])];
  return { cityId, city: all.find((city) => String(city.id) === cityId), isPending: cities.isPending };
}
