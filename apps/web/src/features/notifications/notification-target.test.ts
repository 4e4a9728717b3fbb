import { PUSH_TYPES } from '@sabai/shared/notifications/notification-types';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('where a tap on a notification goes (spec section 4, Push)', () => {
  it('opens the order page for types 3, 4, 5, 6, 7, 9 and 10', () => {
    for (const pushType of [3, 4, 5, 6, 7, 9, 10]) {
      expect(notificationTarget({ id: 8, pushType, orderId: 42 }), String(pushType)).toBe(
        '/my/order/pay?ordersId=42',
      );
    }
  });

  it('opens the detail for an announcement and for type 12 (the automatic decline)', () => {
    expect(notificationTarget({ id: 8, pushType: PUSH_TYPES.announcement, orderId: null })).toBe(
      '/chat/notificationDetails?id=8',
    );
    expect(notificationTarget({ id: 9, pushType: PUSH_TYPES.autoRejected, orderId: 42 })).toBe(
      '/chat/notificationDetails?id=9',
    );
  });
});
