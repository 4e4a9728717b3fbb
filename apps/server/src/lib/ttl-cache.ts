import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from './clock';

/**
 * A short-lived, bounded, per-process cache of values that are expensive to produce (reference
 * data, serialised answers of hot read endpoints). Concurrent misses of a key share one production
 * instead of stampeding the database; a failed production is forgotten at once; a caller may bypass
 * the cache (pull-to-refresh sends `cache-control: no-cache`), which also refreshes the entry.
 * An entry is served until more than `ttlMs` have passed (lru-cache's rule), and is never the
 * source of truth. lru-cache does the bounding and expiry (decision 020).
 */
export interface TtlCache<K, V> {
  get(key: K, produce: () => Promise<V>, bypass?: boolean): Promise<V>;
  readonly size: number;
}

export function createTtlCache<K extends NonNullable<unknown>, V>(options: {
  ttlMs: number;
  maxEntries: number;
  clock?: Clock;
}): TtlCache<K, V> {
  const clock = options.clock ?? systemClock;
  const entries = new LRUCache<K, Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // Expiry follows the app's clock (tests move it), read on every lookup rather than cached by a timer.
    perf: { now: () => clock.now().getTime() },
    ttlResolution: 0,
  });

  return {
    get(key, produce, bypass = false) {
      const hit = bypass ? undefined : entries.get(key);
      if (hit) return hit;
      const value = produce();
      // lru-cache reads a ttl of 0 as "never expires"; here it means "do not keep".
      if (options.ttlMs > 0) entries.set(key, value);
      value.catch(() => {
        if (entries.peek(key) === value) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** One value (a whole reference table) kept for `ttlMs`. */
export function createTtlValue<V>(options: { ttlMs: number; clock?: Clock }) {
  const cache = createTtlCache<'value', V>({ ...options, maxEntries: 1 });
  return { get: (produce: () => Promise<V>) => cache.get('value', produce) };
}
