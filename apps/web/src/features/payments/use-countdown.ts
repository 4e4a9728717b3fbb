import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (an ISO instant), ticking every second; 0 once it has passed. */
export function useCountdown(until: string | null | undefined): number | undefined {
  const target = until ? Date.parse(until) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? undefined : Math.max(0, target - now);
}

/** m:ss (the QR's countdown). */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
