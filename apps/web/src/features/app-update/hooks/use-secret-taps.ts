import { useRef } from 'react';

export const TAPS_TO_UNLOCK = 7;
/** Taps further apart than this start the count again. */
const MAX_GAP_MS = 1500;

/**
 * Android's "tap the build number seven times": `onTap` answers how many taps are still needed
 * (0 when this tap completes the sequence, after which the count starts again).
 */
export function useSecretTaps(now: () => number = Date.now) {
  const count = useRef(0);
  const last = useRef(0);
  return () => {
    const at = now();
    count.current = at - last.current > MAX_GAP_MS ? 1 : count.current + 1;
    last.current = at;
    const remaining = TAPS_TO_UNLOCK - count.current;
    if (remaining <= 0) count.current = 0;
    return Math.max(remaining, 0);
  };
}
