import type { OrderStatus } from '@sabai/shared/booking/order-status';

/** How a status reads at a glance: waiting on the customer, moving, done, or ended without service. */
export type StatusTone = 'attention' | 'active' | 'done' | 'ended';

const TONES: Record<OrderStatus, StatusTone> = {
  pendingPayment: 'attention',
  reassigning: 'attention',
  waitingAcceptance: 'active',
  accepted: 'active',
  departed: 'active',
  arrived: 'active',
  inService: 'active',
  toBeUsed: 'active',
  preparing: 'active',
  serviceEnded: 'done',
  pendingReview: 'done',
  completed: 'done',
  consumed: 'done',
  refunding: 'ended',
  refunded: 'ended',
  cancelled: 'ended',
  expired: 'ended',
};

export const toneOf = (status: OrderStatus): StatusTone => TONES[status] ?? 'ended';
