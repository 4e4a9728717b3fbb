import { describe, expect, it, vi } from 'vitest';
import { announceUpdate, subscribeUpdateAnnouncements } from './update-signal';

describe('update announcements', () => {
  it('reach a listener that subscribes after the news (the shell loads its listener when idle)', () => {
    const early = vi.fn();
    const unsubscribeEarly = subscribeUpdateAnnouncements(early);
    expect(early).not.toHaveBeenCalled();
    announceUpdate();
    expect(early).toHaveBeenCalledTimes(1);
    unsubscribeEarly();

    const late = vi.fn();
    subscribeUpdateAnnouncements(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
