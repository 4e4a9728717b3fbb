import type { OrderKind } from '@sabai/shared/booking/order-status';
import type { OrderActor } from '@sabai/shared/booking/order-transitions';
import type { Role } from '@sabai/shared/identity/identity.schemas';
import type { AuthUser } from '../../http/auth';
import { hasRole } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { BookingRepository, OrderRow } from './booking.repository';

/** Who a caller can be to an order; `system` is the server's own timed steps, never a caller. */
export type OrderAccessActor = Exclude<OrderActor, 'system'>;

/**
 * The answer of the one order-access policy (decision 102): the order exists for this caller, who
 * they are to it, and the parties other modules ask about. What the actor may DO on a route is the
 * route's rule (the state machine, "only the customer pays"…); a party refused there hears
 * `orderActorNotAllowed`, never "not found".
 */
export interface OrderAccess {
  orderId: number;
  orderNumber: string;
  kind: OrderKind;
  actor: OrderAccessActor;
  customerId: number;
  /** The login of the order's current provider, when it has one. */
  providerUserId: number | null;
  storeId: number | null;
}

/** The roles who see every order: customer service and admin (they act as `staff`). */
export const ORDER_STAFF_ROLES: readonly Role[] = ['customer_service', 'admin'];
/** A store's staff: this role and a `store_staff` link to the order's store, both. */
const STORE_ROLES: readonly Role[] = ['merchant'];

/** What the policy decides on: one row of `orderAccessFacts`. */
export interface OrderAccessFacts {
  customerId: number;
  isHiddenByCustomer: boolean;
  providerUserId: number | null;
  kind: OrderKind;
  /** The caller has a `store_staff` link to the order's store. */
  isStoreStaff: boolean;
}

/**
 * The policy itself (decision 102), first match wins:
 * - its customer, until they removed it from their list;
 * - its current provider (the therapist's login; one who let it go no longer sees it);
 * - the staff of the store of an in-store order (the counter); never a home visit, not even one
 *   by a therapist of their store;
 * - customer service and admin: every order;
 * - team leaders (issue #33): nobody yet — when teams exist, a read-only summary of their
 *   members' orders without the customer's address or phone, as a new actor;
 * - anyone else (other customers, providers, stores, partners, promoters): the order does not exist.
 */
export function orderActorOf(user: AuthUser, facts: OrderAccessFacts): OrderAccessActor | null {
  if (facts.customerId === user.id && !facts.isHiddenByCustomer) return 'customer';
  if (facts.providerUserId !== null && facts.providerUserId === user.id) return 'provider';
  if (facts.kind === 'inStore' && facts.isStoreStaff && hasRole(user, STORE_ROLES)) return 'store';
  if (hasRole(user, ORDER_STAFF_ROLES)) return 'staff';
  return null;
}

/** The order-access policy over booking's repository: one statement per question. */
export function createOrderAccess(repository: Pick<BookingRepository, 'orderAccessFacts'>) {
  /** The row behind an answer, so booking's readers of the same order need not read it again. */
  const rowOfAccess = new WeakMap<OrderAccess, OrderRow>();

  /** The order and who the caller is to it; `notFound` for a caller without access or no order. */
  async function accessWithRow(
    user: AuthUser | null,
    orderId: number,
  ): Promise<{ order: OrderRow; actor: OrderAccessActor; access: OrderAccess }> {
    if (!user || !Number.isSafeInteger(orderId) || orderId <= 0) throw new AppError('notFound');
    const found = await repository.orderAccessFacts(orderId, user.id);
    if (!found) throw new AppError('notFound');
    const { order } = found;
    const providerUserId = found.providerUserId ?? null;
    const actor = orderActorOf(user, {
      customerId: order.customerId,
      isHiddenByCustomer: order.hiddenByCustomerAt !== null,
      providerUserId,
      kind: order.kind as OrderKind,
      isStoreStaff: found.isStoreStaff,
    });
    // Not found, not forbidden: an order id cannot be probed.
    if (!actor) throw new AppError('notFound');
    const access: OrderAccess = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind: order.kind as OrderKind,
      actor,
      customerId: order.customerId,
      providerUserId,
      storeId: order.storeId,
    };
    rowOfAccess.set(access, order);
    return { order, actor, access };
  }

  return {
    accessWithRow,
    /** The one order-access policy (decision 102), as booking's api offers it to every module. */
    orderAccess: async (user: AuthUser | null, orderId: number): Promise<OrderAccess> =>
      (await accessWithRow(user, orderId)).access,
    /** Whether the caller may follow `order:<id>`: the same policy (decision 102). */
    async canFollow(user: AuthUser, id: string): Promise<boolean> {
      try {
        await accessWithRow(user, Number(id));
        return true;
      } catch (error) {
        if (error instanceof AppError && error.key === 'notFound') return false;
        throw error;
      }
    },
    rowOf: (access: OrderAccess) => rowOfAccess.get(access),
  };
}

export type OrderAccessPolicy = ReturnType<typeof createOrderAccess>;

/** Throws unless the caller is one of `actors` on the order: the party refused hears so (decision 102). */
export function requireActor(access: OrderAccess, actors: readonly OrderAccessActor[]): void {
  if (!actors.includes(access.actor)) throw new AppError('orderActorNotAllowed');
}
