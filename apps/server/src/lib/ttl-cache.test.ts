import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { createTtlCache, createTtlValue } from './ttl-cache';

describe('ttl cache', () => {
  it('shares one production between identical requests until more than its time to live has passed', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createTtlCache<string, string>({ ttlMs: 1000, maxEntries: 10, clock });
    let produced = 0;
    const produce = async () => `answer ${++produced}`;
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect([a, b]).toEqual(['answer 1', 'answer 1']);
    clock.advance(1000);
    expect(await cache.get('k', produce)).toBe('answer 1');
    clock.advance(1);
    expect(await cache.get('k', produce)).toBe('answer 2');
  });

  it('lets a caller bypass and refresh, forgets failures and stays bounded', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createTtlCache<string, string>({ ttlMs: 1000, maxEntries: 2, clock });
    await cache.get('k', async () => 'old');
    expect(await cache.get('k', async () => 'fresh', true)).toBe('fresh');
    expect(await cache.get('k', async () => 'ignored')).toBe('fresh');

    await expect(cache.get('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');

    await cache.get('third', async () => 'x');
    expect(cache.size).toBe(2);
  });

  it('keeps nothing when its time to live is zero', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 0, maxEntries: 2 });
    let produced = 0;
    await cache.get('k', async () => `${++produced}`);
    expect(await cache.get('k', async () => `${++produced}`)).toBe('2');
    expect(cache.size).toBe(0);
  });
});

describe('ttl value', () => {
  it('loads once per time to live, and again after a failure', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const value = createTtlValue<number>({ ttlMs: 500, clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([value.get(load), value.get(load)])).toEqual([1, 1]);
    clock.advance(501);
    await expect(value.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await value.get(load)).toBe(2);
  });
});
