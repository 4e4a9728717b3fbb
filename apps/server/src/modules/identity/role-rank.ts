import type { Role } from '@sabai/shared/identity/identity.schemas';

/** Staff rank: admin above customer service above every other role (which all rank alike). */
const RANK_OF: Partial<Record<Role, number>> = { customer_service: 1, admin: 2 };

/** An account's rank is that of its highest role. */
export const roleRank = (roles: readonly Role[]) =>
  roles.reduce((highest, role) => Math.max(highest, RANK_OF[role] ?? 0), 0);

/** Staff may moderate only accounts strictly below them, and never themselves. */
export const mayModerate = (
  actor: { id: number; roles: readonly Role[] },
  target: { id: number; roles: readonly Role[] },
) => actor.id !== target.id && roleRank(actor.roles) > roleRank(target.roles);
