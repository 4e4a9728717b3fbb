import type { Role } from '@sabai/shared/identity/identity.schemas';

/** The roles the server's staff routes admit (`access: ['customer_service', 'admin']`). */
export const STAFF_ROLES: readonly Role[] = ['customer_service', 'admin'];

/** Whether a signed-in user with these roles is customer service (the desk and its order tools). */
export const isStaffUser = (roles: readonly Role[] | undefined): boolean =>
  Boolean(roles?.some((role) => STAFF_ROLES.includes(role)));
