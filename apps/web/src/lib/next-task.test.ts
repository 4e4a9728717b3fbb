import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => vi.unstubAllGlobals());

describe('nextTask (decision 099)', () => {
  it('resolves in a later task: after the microtasks queued behind it', async () => {
    const order: string[] = [];
    const step = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    await step;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it('takes scheduler.yield() where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
