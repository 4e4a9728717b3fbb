import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';
import { fixedClock } from './clock';

describe('answer cache', () => {
  it('shares one production between identical requests until it expires', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createAnswerCache({ ttlMs: 1000, maxEntries: 10, clock });
    let produced = 0;
    const produce = async () => `answer ${++produced}`;
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect([a, b]).toEqual(['answer 1', 'answer 1']);
    clock.advance(999);
    expect(await cache.get('k', produce)).toBe('answer 1');
    clock.advance(1);
    expect(await cache.get('k', produce)).toBe('answer 2');
  });

  it('lets a caller bypass and refresh, forgets failures and stays bounded', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createAnswerCache({ ttlMs: 1000, maxEntries: 2, clock });
    await cache.get('k', async () => 'old');
    expect(await cache.get('k', async () => 'fresh', true)).toBe('fresh');
    expect(await cache.get('k', async () => 'ignored')).toBe('fresh');

    await expect(cache.get('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');

    await cache.get('third', async () => 'x');
    expect(cache.size).toBe(2);
  });
});
