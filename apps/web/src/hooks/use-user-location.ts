import { useCallback, useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, subscribeStorage, writeStored } from '../lib/storage';

/** A WGS-84 point: the user's remembered position, sent with reads so the server can sort nearest first. */
export interface Position {
  lat: number;
  lng: number;
}

let cached: { raw: unknown; value: Position | undefined } = { raw: undefined, value: undefined };

function isPosition(value: unknown): value is Position {
  if (typeof value !== 'object' || value === null) return false;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}

/** The stored position, as one stable object per stored value (useSyncExternalStore needs that). */
export function getStoredPosition(): Position | undefined {
  const raw = readStored<unknown>(STORAGE_KEYS.location);
  if (JSON.stringify(raw) !== JSON.stringify(cached.raw)) {
    cached = { raw, value: isPosition(raw) ? { lat: raw.lat, lng: raw.lng } : undefined };
  }
  return cached.value;
}

export type LocateError = 'denied' | 'unavailable';

/** Asks the browser for the current position (WGS-84). Rejects with 'denied' or 'unavailable'. */
export function locate(timeoutMs = 15_000): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject('unavailable' satisfies LocateError);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (result) => resolve({ lat: result.coords.latitude, lng: result.coords.longitude }),
      (error) =>
        reject((error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable') satisfies LocateError),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 5 * 60_000 },
    );
  });
}

const subscribe = (onChange: () => void) => subscribeStorage(onChange);

/** The user's remembered position, and a way to refresh it from the browser. */
export function useUserLocation() {
  const position = useSyncExternalStore(subscribe, getStoredPosition, getStoredPosition);
  const refresh = useCallback(async () => {
    const next = await locate();
    writeStored(STORAGE_KEYS.location, next);
    return next;
  }, []);
  return { position, refresh };
}
