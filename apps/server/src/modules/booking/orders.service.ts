import { createOrderChanges } from './order-changes';
import { createOrderCore, type OrdersDeps } from './order-core';
import { createOrderCreation } from './order-creation';
import { createOrderReading } from './order-reading';
import { createOrderReassignment } from './order-reassignment';
import { createOrderReviewStep } from './order-review-step';
import { createOrderSteps } from './order-steps';
import { createOrderTravel } from './order-travel';

export type { OrdersDeps, TransitionOptions } from './order-core';

/**
 * Orders: booking under the no-double-booking constraint, the state machine's steps, urging,
 * settlement. Each concern lives in its own file over one shared core (order-core.ts).
 */
export function createOrdersService(deps: OrdersDeps) {
  const core = createOrderCore(deps);
  return {
    ...createOrderCreation(deps, core),
    ...createOrderReading(deps, core),
    ...createOrderSteps(deps, core),
    ...createOrderChanges(deps, core),
    ...createOrderReassignment(deps, core),
    ...createOrderTravel(deps, core),
    ...createOrderReviewStep(deps, core),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
