/**
 * Order statuses and their stable numeric codes. Zod-free so the web app's order pages can use it
 * without loading zod. The codes are stored in the database and sent to clients: never renumber
 * one, only add. The spec names the statuses but gives them no numbers, so the numbers are ours
 * (decision 023): tens for the home-visit path in order, 11x for in-store, 2xx for the endings, so a
 * code alone tells which family it belongs to. `docs/orders.md` lists them; a test keeps it equal.
 */
export const ORDER_KINDS = ['homeVisit', 'inStore'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUS_CODES = {
  pendingPayment: 10,
  waitingAcceptance: 20,
  /** The provider declined, let the order time out or gave it back: the customer picks another or a refund. */
  reassigning: 25,
  accepted: 30,
  departed: 40,
  arrived: 50,
  inService: 60,
  serviceEnded: 70,
  pendingReview: 80,
  completed: 90,
  toBeUsed: 110,
  preparing: 120,
  consumed: 130,
  cancelled: 200,
  expired: 210,
  refunding: 220,
  /** The settlement has been executed: the refund (possibly nothing, when everything was kept) went back. */
  refunded: 230,
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_CODES;
export type OrderStatusCode = (typeof ORDER_STATUS_CODES)[OrderStatus];

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_CODES) as OrderStatus[];

const STATUS_BY_CODE = new Map<number, OrderStatus>(
  ORDER_STATUSES.map((status) => [ORDER_STATUS_CODES[status], status]),
);

export const orderStatusCode = (status: OrderStatus): OrderStatusCode => ORDER_STATUS_CODES[status];
export const findOrderStatusByCode = (code: number): OrderStatus | undefined => STATUS_BY_CODE.get(code);

/** Which statuses an order of each kind can be in. */
export const STATUSES_BY_KIND: Readonly<Record<OrderKind, readonly OrderStatus[]>> = {
  homeVisit: [
    'pendingPayment',
    'waitingAcceptance',
    'reassigning',
    'accepted',
    'departed',
    'arrived',
    'inService',
    'serviceEnded',
    'pendingReview',
    'completed',
    'cancelled',
    'expired',
    'refunding',
    'refunded',
  ],
  inStore: [
    'pendingPayment',
    'toBeUsed',
    'preparing',
    'consumed',
    'cancelled',
    'expired',
    'refunding',
    'refunded',
  ],
};

/**
 * Statuses that hold the provider's busy time. The database's exclusion constraint covers exactly
 * these codes, so "pending payment" is here: the unpaid order is the hold on the slot while the
 * customer pays. "Reassigning" is not: the provider who declined no longer holds the time, and a
 * new provider's hold begins when the order is reassigned to them.
 */
export const LIVE_STATUSES: readonly OrderStatus[] = [
  'pendingPayment',
  'waitingAcceptance',
  'accepted',
  'departed',
  'arrived',
  'inService',
  'toBeUsed',
  'preparing',
];
export const LIVE_STATUS_CODES: readonly number[] = LIVE_STATUSES.map(orderStatusCode);

/** Statuses nothing leaves: the order's story is over. */
export const TERMINAL_STATUSES: readonly OrderStatus[] = [
  'completed',
  'consumed',
  'cancelled',
  'expired',
  'refunded',
];

export const isLiveStatus = (status: OrderStatus) => LIVE_STATUSES.includes(status);
export const isTerminalStatus = (status: OrderStatus) => TERMINAL_STATUSES.includes(status);
