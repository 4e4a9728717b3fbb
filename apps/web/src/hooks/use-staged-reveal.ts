import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a page's parts to draw: 1 on the first render, then one more after each commit has
 * been painted, up to `stages` (issue #17, decision 098).
 *
 * React draws a page's answer in slices (a transition), but commits it in one piece, and the
 * browser then styles, lays out and paints all of it in the same task: on Home and the lists,
 * with a screenful of cards below the fold, that task took 150–300 ms at a mid-range phone's speed,
 * most of the first load's blocking time. Drawn in stages, the first screen commits alone and each
 * later part (below the fold: nothing on screen moves) is its own, shorter task, between which the
 * phone paints and takes taps.
 */
export function useStagedReveal(stages: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= stages) return;
    // After the frame that paints this stage: a frame callback runs before that paint, so the next
    // stage waits for a task after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, stages]);
  return Math.min(shown, stages);
}
