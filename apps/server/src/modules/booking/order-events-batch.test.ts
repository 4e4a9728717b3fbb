import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

// Decision 080: the outbox hands its handlers a batch of order events at once. Several orders paid
// before one dispatch go through the realtime publisher, the order watch and the notifications as
// batches; each order must get exactly what it got one event at a time, in its own order.
const s = await createOrderScenario();
const { therapist, other } = s;

describe('order events dispatched as a batch', () => {
  it('numbers, publishes, times and notifies every order of the batch once, each in its order', async () => {
    const orders = [
      { ...(await s.book(at(30, '10:00'))), provider: therapist },
      { ...(await s.book(at(30, '10:00'), other.therapistId)), provider: other },
      { ...(await s.book(at(30, '14:00'))), provider: therapist },
    ];
    for (const order of orders) await s.payments.systemTransition(order.id, 'pay');
    const claimed = await queryRows<{ n: number }>(
      s.database.db,
      sql`select count(*)::int as n from outbox_events where dispatched_at is null and event_type = 'order.statusChanged'`,
    );
    expect(claimed[0]?.n).toBe(3);
    await s.settle();

    for (const order of orders) {
      // Realtime: the order's own topic heard its creation and then its payment, numbered 1, 2.
      const onOrder = s.published.filter((event) => event.topic === `order:${order.id}`);
      expect(onOrder.map((event) => [event.seq, event.type])).toEqual([
        [1, 'order.created'],
        [2, 'order.statusChanged'],
      ]);
      // The watch: the provider's two reminders of this wait, nothing else and nothing twice.
      const reminders = await queryRows<{ key: string }>(
        s.database.db,
        sql`select unique_key as key from jobs where name = 'booking.accept-reminder'
            and (payload->>'orderId')::int = ${order.id} order by run_at`,
      );
      expect(reminders.map((row) => row.key.replace(/remind:\d+:/, 'remind:T:'))).toEqual([
        `order:${order.id}:remind:T:1`,
        `order:${order.id}:remind:T:2`,
      ]);
      // Notifications: the provider's "new order", once.
      const records = await queryRows<{ recipient: number; key: string }>(
        s.database.db,
        sql`select recipient_id as recipient, message_key as key from notifications where order_id = ${order.id}`,
      );
      expect(records).toEqual([{ recipient: order.provider.userId, key: 'newOrder' }]);
    }
    // A provider's topic heard both its orders' events, numbered without gap or repeat, in id order.
    const onProvider = s.published.filter((event) => event.topic === `user:${therapist.userId}`);
    expect(onProvider.map((event) => event.seq)).toEqual(onProvider.map((_, i) => i + 1));
    const paidOn = onProvider
      .filter((event) => event.type === 'order.statusChanged')
      .map((event) => (event.payload as { orderId: number }).orderId);
    expect(paidOn).toEqual([orders[0]?.id, orders[2]?.id]);
    const undispatched = await queryRows<{ n: number }>(
      s.database.db,
      sql`select count(*)::int as n from outbox_events where dispatched_at is null`,
    );
    expect(undispatched[0]?.n).toBe(0);
  });
});
