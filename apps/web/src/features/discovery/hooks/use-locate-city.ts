import type { CityItem } from '@sabai/shared/geo/geo.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUserLocation } from '../../../hooks/use-user-location';
import { getStoredCityId, rememberCity } from '../../../lib/preferences';
import { fetchNearestCity } from '../api/discovery-api';

/**
 * "Locate me": asks the browser for the position, remembers it, and moves to the nearest open city
 * when that is not the chosen one (spec: location picks the nearest open city). Rejects with the
 * locate error ('denied' | 'unavailable') or the request's ApiError.
 */
export function useLocateCity() {
  const queryClient = useQueryClient();
  const { refresh } = useUserLocation();
  return useCallback(async (): Promise<{ city: CityItem; hasSwitched: boolean }> => {
    const position = await refresh();
    const { city } = await fetchNearestCity(position);
    const hasSwitched = String(city.id) !== getStoredCityId();
    if (hasSwitched) {
      rememberCity(city);
      // Every answer depends on the cityId header: nothing cached for the old city is reused.
      await queryClient.invalidateQueries();
    }
    return { city, hasSwitched };
  }, [queryClient, refresh]);
}
