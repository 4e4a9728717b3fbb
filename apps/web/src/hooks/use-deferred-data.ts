import { useDeferredValue } from 'react';

interface QueryLike {
  data: unknown;
  isPending: boolean;
  status: string;
}

/**
 * A query's first answer drawn in the background (issue #17, decision 076). TanStack Query hands
 * React an answer through useSyncExternalStore, whose updates React renders in one uninterrupted
 * task: on the first screens the page's cards, banners and swiper drew in 130–280 ms of one task on
 * the bench machine (×4 on Lighthouse's phone), the longest task of the load and most of its
 * blocking time. Deferred, React draws the answer at transition priority, in short slices the phone
 * can paint and take taps between; until then the page keeps showing its pending state (skeleton).
 *
 * Only the step from "no answer" to "an answer" is deferred: the page only ever sees the query's
 * own data or its pending state, never an answer the query has since left (another therapist's,
 * another city's), and a later answer (the next page, a refetch) is drawn as before.
 */
export function useDeferredData<Result extends QueryLike>(result: Result): Result {
  const hasAnswer = result.data !== undefined;
  const isAnswerDrawn = useDeferredValue(hasAnswer);
  if (!hasAnswer || isAnswerDrawn) return result;
  // The answer is there but not drawn yet: this render stays as cheap as the one before it.
  // (A new object only then: TanStack tracks which fields a page reads from its own result.)
  return {
    ...result,
    data: undefined,
    isPending: true,
    status: 'pending',
    isSuccess: false,
    isError: false,
  } as Result;
}
