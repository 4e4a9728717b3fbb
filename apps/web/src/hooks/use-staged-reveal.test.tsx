// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStagedReveal } from './use-staged-reveal';

afterEach(cleanup);

/** Each committed stage, in order, as the page would draw it. */
function renderStages(stages: number) {
  const committed: number[] = [];
  function Probe() {
    const stage = useStagedReveal(stages);
    return (
      <p
        ref={() => {
          if (committed.at(-1) !== stage) committed.push(stage);
        }}
      >
        {stage}
      </p>
    );
  }
  return { view: render(<Probe />), committed };
}

describe('useStagedReveal', () => {
  it('commits the first stage alone, then one more per commit, up to the last', async () => {
    const { view, committed } = renderStages(3);
    expect(committed).toEqual([1]);
    await waitFor(() => expect(view.container.textContent).toBe('3'));
    expect(committed).toEqual([1, 2, 3]);
  });

  it('stops at the last stage', async () => {
    const { view, committed } = renderStages(2);
    await waitFor(() => expect(view.container.textContent).toBe('2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(committed).toEqual([1, 2]);
  });

  it('has nothing to stage for a single part', async () => {
    const { view, committed } = renderStages(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.container.textContent).toBe('1');
    expect(committed).toEqual([1]);
  });
});
