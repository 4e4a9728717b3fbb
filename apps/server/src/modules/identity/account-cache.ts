import type { Role, UserRecord } from '@sabai/shared/identity/identity.schemas';
import type { EventBus } from '../realtime';
import type { UserRow } from './identity.repository';

export interface CachedSession {
  id: number;
  userId: number;
  authenticatedAt: Date;
  /** Moved forward in place when this process records a use (that write invalidates nothing). */
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
}

export interface CachedUser {
  user: UserRow;
  roles: Role[];
  /** The record built from this entry, kept with it (the entry never changes; invalidation replaces it). */
  record?: UserRecord;
}

/** Cached entries live this long at most; invalidation normally removes them much sooner. */
export const ACCOUNT_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;
const TOPIC = 'internal:identity';

/**
 * A short-lived per-process cache of sessions and accounts, so an authenticated request costs no
 * database round trip when the same token comes back (the app polls the user record). Every write
 * to a user, their roles or their sessions invalidates the user here and, through the event bus
 * (Redis when there are several processes), in every other process; the TTL bounds what a lost
 * message could leave stale.
 */
export function createAccountCache(deps: { bus?: EventBus; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const sessions = new Map<string, { value: CachedSession; until: number }>();
  const users = new Map<number, { value: CachedUser; until: number }>();
  const hashesByUser = new Map<number, Set<string>>();
  /** A read that began before a user's last invalidation must not refill the cache with what it saw. */
  let epoch = 0;
  const invalidatedAt = new Map<number, number>();
  const isStale = (userId: number, readEpoch: number) => (invalidatedAt.get(userId) ?? -1) >= readEpoch;

  const trim = <K, V>(map: Map<K, V>) => {
    if (map.size <= MAX_ENTRIES) return;
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  };

  function dropLocal(userId: number) {
    epoch += 1;
    invalidatedAt.delete(userId);
    invalidatedAt.set(userId, epoch);
    trim(invalidatedAt);
    users.delete(userId);
    for (const hash of hashesByUser.get(userId) ?? []) sessions.delete(hash);
    hashesByUser.delete(userId);
  }

  /** Who hears that users changed here or in another process (the sockets re-check their sessions). */
  const changeListeners = new Set<(userIds: number[]) => void>();
  const tellListeners = (userIds: number[]) => {
    for (const listener of changeListeners) listener(userIds);
  };

  deps.bus?.subscribe((event) => {
    if (event.topic !== TOPIC) return;
    const ids = (event.payload as { userIds?: unknown }).userIds;
    if (!Array.isArray(ids)) return;
    const userIds = ids.filter((id): id is number => typeof id === 'number');
    for (const id of userIds) dropLocal(id);
    tellListeners(userIds);
  });

  return {
    /** Call before reading from the database; pass the answer to setSession/setUser. */
    readEpoch: () => {
      epoch += 1;
      return epoch;
    },
    getSession(hash: string): CachedSession | undefined {
      const hit = sessions.get(hash);
      if (!hit || hit.until <= now()) return undefined;
      return hit.value;
    },
    setSession(hash: string, value: CachedSession, readEpoch: number) {
      if (isStale(value.userId, readEpoch)) return;
      sessions.set(hash, { value, until: now() + ACCOUNT_CACHE_TTL_MS });
      let hashes = hashesByUser.get(value.userId);
      if (!hashes) {
        hashes = new Set();
        hashesByUser.set(value.userId, hashes);
      }
      hashes.add(hash);
      trim(sessions);
    },
    getUser(userId: number): CachedUser | undefined {
      const hit = users.get(userId);
      if (!hit || hit.until <= now()) return undefined;
      return hit.value;
    },
    setUser(value: CachedUser, readEpoch: number) {
      if (isStale(value.user.id, readEpoch)) return;
      users.set(value.user.id, { value, until: now() + ACCOUNT_CACHE_TTL_MS });
      trim(users);
    },
    /** Forgets the users here at once and tells the other processes. */
    invalidate(userIds: number[]) {
      if (!userIds.length) return;
      for (const id of userIds) dropLocal(id);
      // With a bus, this process hears its own message too, and tells its listeners then.
      if (deps.bus)
        deps.bus.publish({ topic: TOPIC, type: 'users-changed', payload: { userIds } }).catch(() => {});
      else tellListeners(userIds);
    },
    /**
     * Calls `listener` whenever users' accounts or sessions changed, in this process or another
     * (a logout, a ban, a password change); answers how to stop.
     */
    onChanged(listener: (userIds: number[]) => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
}

export type AccountCache = ReturnType<typeof createAccountCache>;
