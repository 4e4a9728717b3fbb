import { useEffect, useRef, useState } from 'react';
import { sharePosition } from '../api/workbench-api';

export interface Position {
  lat: number;
  lng: number;
}

/** The spec's 15 seconds between position reports while travelling (the city setting's default). */
export const SHARE_EVERY_MS = 15_000;

/**
 * While `isActive` (the provider has departed), watches the browser's position and sends the
 * latest one to the order every 15 seconds, and once as soon as it is known. Stops on arrival
 * (the order leaves "departed") or when the page closes.
 */
export function usePositionSharing(orderId: number, isActive: boolean) {
  const latest = useRef<Position | null>(null);
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [isUnavailable, setUnavailable] = useState(false);

  useEffect(() => {
    if (!isActive) return;
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      setUnavailable(true);
      return;
    }
    let hasSentFirst = false;
    const send = () => {
      const position = latest.current;
      if (!position) return;
      sharePosition(orderId, position).then(
        () => setLastSentAt(Date.now()),
        // A missed report is followed by the next one in 15 s; nothing to tell the provider.
        () => {},
      );
    };
    const watchId = geolocation.watchPosition(
      (found) => {
        latest.current = { lat: found.coords.latitude, lng: found.coords.longitude };
        setUnavailable(false);
        if (!hasSentFirst) {
          hasSentFirst = true;
          send();
        }
      },
      () => setUnavailable(true),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    const timer = setInterval(send, SHARE_EVERY_MS);
    return () => {
      geolocation.clearWatch(watchId);
      clearInterval(timer);
    };
  }, [orderId, isActive]);

  return { lastSentAt, isUnavailable, latest };
}

/** One reading of the current position for the check-in; null when refused or unavailable. */
export function currentPosition(timeoutMs = 10_000): Promise<Position | null> {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (found) => resolve({ lat: found.coords.latitude, lng: found.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
