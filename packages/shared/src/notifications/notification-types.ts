/**
 * The spec's push types (section 4, Push) as the notification records carry them (decision 029).
 * The spec fixes only what the client does: a click on 3, 4, 5, 6, 7, 9 or 10 opens the order page,
 * type 12 (auto rejection) closes the incoming-order popup. What each number means here is ours.
 * Zod-free, so the web's notification list can read it without loading zod.
 */
export const PUSH_TYPES = {
  /** A system announcement from staff (decision 056); a click opens its detail page. */
  announcement: 1,
  /** A new order waits for the provider's answer (and its reminders). */
  newOrder: 3,
  /** The provider accepted. */
  accepted: 4,
  /** The provider is on the way. */
  departed: 5,
  /** The provider is at the door. */
  arrived: 6,
  /** Something changed during the order: started, urged, extra clocks, another project or provider. */
  orderUpdated: 7,
  /** The order ended without the service: cancelled, declined, expired, refunded, turned away. */
  orderEnded: 9,
  /** The service is over: ended, reviewed, completed, consumed. */
  serviceFinished: 10,
  /** Nobody answered in time: the order was declined automatically. */
  autoRejected: 12,
  /** Customer service replied to or moved the customer's feedback (decision 053): opens the feedback. */
  feedbackUpdated: 13,
} as const;

export type PushTypeName = keyof typeof PUSH_TYPES;
export type PushType = (typeof PUSH_TYPES)[PushTypeName];
export const PUSH_TYPE_CODES: readonly PushType[] = Object.values(PUSH_TYPES);

/** A click on these opens the order page (the spec's list). */
export const ORDER_PAGE_PUSH_TYPES: readonly PushType[] = [3, 4, 5, 6, 7, 9, 10];

/**
 * Every message a notification can carry; the server's `notifications` namespace has the text of
 * each in every language, with `{{orderNumber}}` and the other parameters filled at read time.
 */
export const NOTIFICATION_MESSAGE_KEYS = [
  'newOrder',
  'acceptReminder',
  'accepted',
  'declined',
  'autoDeclinedProvider',
  'autoDeclinedCustomer',
  'givenBack',
  'reassignedToYou',
  'reassignedAway',
  'reassigned',
  'departed',
  'arrived',
  'serviceStarted',
  'serviceEnded',
  'reviewed',
  'completed',
  'cancelled',
  'expired',
  'noShow',
  'refunded',
  'preparing',
  'consumed',
  'urged',
  'extraClocks',
  'projectChanged',
  'complaintHandled',
  'complaintRejected',
  'feedbackReplied',
  'feedbackProcessing',
  'feedbackHandled',
  'feedbackClosed',
  /** A system announcement: its title and body are the announcement's own (decision 056). */
  'announcement',
] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGE_KEYS)[number];

/** The realtime event each new record is published as, on `user:<recipient id>`. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';

/** The spec's push types that are about an order: on receipt the open order page refreshes. */
export const ORDER_PUSH_TYPES: readonly PushType[] = [3, 4, 5, 6, 7, 9, 10, 12];

/** What the notification list filters by (decision 056): the system's announcements or the orders' news. */
export const NOTIFICATION_KINDS = ['system', 'order'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The spec's push payload (section 3): `type`, `extra.extraMap.ordersId`, `extra.extraMap.noticeId`,
 * `data.from_uid`, `data.type`, plus what the service worker shows (title, body).
 */
export interface PushPayload {
  type: number;
  title: string;
  body: string;
  extra: { extraMap: { ordersId: number | null; noticeId: number } };
  data: { from_uid: number | null; type: number };
}
