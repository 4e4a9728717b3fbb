/** How many rows of a list are on a phone's first screen (390×844: four or five cards). */
const FIRST_SCREEN_ROWS = 4;

/**
 * Image attributes for a list card at `index`: the first screen's cards load eagerly (a lazy image
 * waits for layout, and the first card's photo is the page's largest paint), the very first at high
 * priority; the rest stay lazy so a long list does not compete with them.
 */
export function cardImageLoading(index: number | undefined) {
  const onFirstScreen = index !== undefined && index < FIRST_SCREEN_ROWS;
  return {
    loading: onFirstScreen ? 'eager' : 'lazy',
    fetchPriority: index === 0 ? 'high' : 'auto',
  } as const;
}
