// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferredData } from './use-deferred-data';

interface Result {
  data: number[] | undefined;
  isPending: boolean;
  status: string;
}

/** A query result handed to React as TanStack Query hands it: through useSyncExternalStore. */
function resultStore(initial: Result) {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer(next: Result) {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

function renderProbe(store: ReturnType<typeof resultStore>) {
  const seen: Result[] = [];
  function Probe() {
    const shown = useDeferredData(useSyncExternalStore(store.subscribe, store.get));
    seen.push({ data: shown.data, isPending: shown.isPending, status: shown.status });
    return null;
  }
  render(<Probe />);
  return seen;
}

afterEach(cleanup);

describe('useDeferredData: a query answer drawn in the background', () => {
  it('keeps the pending state in the urgent render, then draws the answer', async () => {
    const store = resultStore({ data: undefined, isPending: true, status: 'pending' });
    const seen = renderProbe(store);
    await act(async () => store.answer({ data: [1, 2], isPending: false, status: 'success' }));

    expect(seen).toEqual([
      { data: undefined, isPending: true, status: 'pending' },
      // The store's update: still the skeleton (cheap), the answer left for a deferred render.
      { data: undefined, isPending: true, status: 'pending' },
      { data: [1, 2], isPending: false, status: 'success' },
    ]);
    // Never "done and empty": a page would draw its empty state for a moment.
    expect(seen.some((result) => !result.isPending && result.data === undefined)).toBe(false);
  });

  it('draws a later answer at once, and never an answer the query has left', async () => {
    const store = resultStore({ data: [1], isPending: false, status: 'success' });
    const seen = renderProbe(store);
    // A refetch or the next page: drawn as before, without a pending state in between.
    await act(async () => store.answer({ data: [1, 2], isPending: false, status: 'success' }));
    // Another key (another therapist, another city): its pending state at once, not [1, 2].
    await act(async () => store.answer({ data: undefined, isPending: true, status: 'pending' }));
    await act(async () => store.answer({ data: [7], isPending: false, status: 'success' }));

    const shown = seen.map((result) => result.data);
    expect(shown.slice(0, 2)).toEqual([[1], [1, 2]]);
    // From the other key's pending state on: nothing but its pending state, then its answer.
    expect(new Set(shown.slice(2, -1))).toEqual(new Set([undefined]));
    expect(shown.at(-1)).toEqual([7]);
  });

  it('draws an answer already there on the first render at once', () => {
    const store = resultStore({ data: [3], isPending: false, status: 'success' });
    expect(renderProbe(store)).toEqual([{ data: [3], isPending: false, status: 'success' }]);
  });
});
