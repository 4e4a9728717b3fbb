import type { Role } from '@sabai/shared/identity/identity.schemas';
import { roleRank } from './role-rank';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lives (decision 013): unused for `idleMs` it ends; `absoluteMs` after its login
 * it ends whatever renewals came between. Staff hold other people's data, so theirs are short.
 */
export const SESSION_LIFETIMES = {
  customer: { idleMs: 30 * DAY_MS, absoluteMs: 90 * DAY_MS },
  staff: { idleMs: 12 * HOUR_MS, absoluteMs: 7 * DAY_MS },
} as const;

/** Last use is written at most this often per session: idle limits are hours and days, not seconds. */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** Staff lifetimes for customer service and admins (any staff rank), customer ones for the rest. */
export const lifetimeFor = (roles: readonly Role[]) =>
  roleRank(roles) > 0 ? SESSION_LIFETIMES.staff : SESSION_LIFETIMES.customer;

export interface SessionTimes {
  authenticatedAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/** When the session ends if it is not used again, by the holder's roles today. */
export function sessionEndsAt(session: SessionTimes, roles: readonly Role[]): number {
  const lifetime = lifetimeFor(roles);
  return Math.min(
    session.expiresAt.getTime(),
    session.authenticatedAt.getTime() + lifetime.absoluteMs,
    session.lastUsedAt.getTime() + lifetime.idleMs,
  );
}
