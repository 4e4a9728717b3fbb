import { haversineKm, type LatLng } from '../geo';
import type { CityBookingSettings, TravelMode } from './booking-settings';

/**
 * Distance and travel time between two places, estimated without a routing service: straight-line
 * distance times the city's road factor at the travel mode's speed. Distances are whole metres, so
 * the fee computed from them stays in integers.
 */
export const straightLineMetres = (from: LatLng, to: LatLng) => Math.round(haversineKm(from, to) * 1000);

/** Minutes to travel, rounded up: an estimate that arrives early is harmless, a late one is not. */
export function travelMinutes(
  metres: number,
  mode: TravelMode,
  settings: Pick<CityBookingSettings, 'roadFactor' | 'travelSpeedKmh'>,
): number {
  if (!Number.isSafeInteger(metres) || metres < 0) throw new RangeError(`not whole metres: ${metres}`);
  // The road factor becomes per-mille so the division below is of integers and an exact number of
  // minutes is not pushed up by a float's last bit.
  const roadFactorPerMille = Math.round(settings.roadFactor * 1000);
  const metresPerHourTimesThousand = settings.travelSpeedKmh[mode] * 1000 * 1000;
  return Math.ceil((metres * roadFactorPerMille * 60) / metresPerHourTimesThousand);
}

/**
 * Minutes a travelling provider still needs to reach the place, from where they are now: the same
 * estimate as the busy time's travel (straight line × road factor at the mode's speed).
 */
export const etaMinutes = (
  from: LatLng,
  to: LatLng,
  mode: TravelMode,
  settings: Pick<CityBookingSettings, 'roadFactor' | 'travelSpeedKmh'>,
) => travelMinutes(straightLineMetres(from, to), mode, settings);
