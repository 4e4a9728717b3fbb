import { useEffect, useState } from 'react';

/** The current time, re-read every `everyMs` while mounted (countdowns, "no-show from" hints). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
