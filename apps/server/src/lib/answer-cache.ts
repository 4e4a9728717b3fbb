import type { Clock } from './clock';

/**
 * A short-lived, bounded cache of serialised answers for hot read endpoints (the therapist list's
 * default query). Identical requests inside `ttlMs` share one database query and one
 * serialisation; concurrent misses wait for the same promise instead of stampeding the database.
 * A caller may bypass it (pull-to-refresh sends `cache-control: no-cache`), which also refreshes
 * the entry. Entries live in one process only and are never the source of truth.
 */
export function createAnswerCache(options: { ttlMs: number; maxEntries: number; clock: Clock }) {
  const entries = new Map<string, { expiresAt: number; value: Promise<string> }>();

  return {
    get(key: string, produce: () => Promise<string>, bypass = false): Promise<string> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (!bypass && hit && hit.expiresAt > now) return hit.value;
      const value = produce();
      const entry = { expiresAt: now + options.ttlMs, value };
      entries.delete(key);
      if (options.ttlMs > 0) entries.set(key, entry);
      // Oldest first: Map keeps insertion order, and a refreshed key was re-inserted at the end.
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
