import { ORDER_PAGE_PUSH_TYPES, type PushType } from '@sabai/shared/notifications/notification-types';
import * as paths from '../../lib/paths';

/**
 * Where a tap on a notification goes (spec section 4, Push): types 3, 4, 5, 6, 7, 9 and 10 open the
 * order page; everything else (announcements, type 12's automatic decline) opens its detail page.
 * The service worker (public/push-sw.js) applies the same rule to a tapped push.
 */
export function notificationTarget(notification: { id: number; pushType: number; orderId: number | null }) {
  if (notification.orderId && ORDER_PAGE_PUSH_TYPES.includes(notification.pushType as PushType)) {
    return paths.orderDetail.href(notification.orderId);
  }
  return paths.notificationDetails.href(notification.id);
}
