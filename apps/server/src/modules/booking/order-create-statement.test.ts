import { localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import { factsWindowAround, factsWindowOf, factsWithin } from './availability.service';
import { expireUnpaidOrderJob } from './booking.jobs';

// A home-visit create writes the order, its first history row, the agreements accepted with it, its
// event and its expiry job as ONE statement (decision 079): each part is checked here by what it
// wrote, so a part dropped from the statement (or written for another row) fails this file.
const s = await createOrderScenario();
const { database, customer, therapist, clock } = s;
const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(database.db, query);

describe('a home-visit create in one statement', () => {
  it('writes the order, its history row, the agreements, its event and its expiry job, all of them', async () => {
    const start = new Date(clock.now().getTime() + 24 * 60 * 60_000);
    start.setUTCHours(4, 0, 0, 0);
    const order = await s.book(start.toISOString());

    const [stored] = await rows(
      sql`select status, customer_id, order_number from orders where id = ${order.id}`,
    );
    expect(stored).toEqual({ status: 10, customer_id: customer.id, order_number: order.orderNumber });

    expect(
      await rows(
        sql`select from_status, to_status, transition, actor, actor_id, at = ${clock.now().toISOString()}::timestamptz as now
          from order_status_history where order_id = ${order.id}`,
      ),
    ).toEqual([
      {
        from_status: null,
        to_status: 10,
        transition: 'create',
        actor: 'customer',
        actor_id: customer.id,
        now: true,
      },
    ]);

    const [provider] = await rows(sql`select user_id from therapists where id = ${therapist.therapistId}`);
    expect(
      await rows(
        sql`select aggregate_type, event_type, payload, topics from outbox_events
          where aggregate_id = ${String(order.id)} and aggregate_type = 'order'`,
      ),
    ).toEqual([
      {
        aggregate_type: 'order',
        event_type: 'order.created',
        payload: { orderId: order.id, status: 'pendingPayment' },
        topics: [`order:${order.id}`, `user:${customer.id}`, `user:${provider?.user_id}`],
      },
    ]);

    expect(
      await rows(
        sql`select name, state, payload, run_at = ${new Date(clock.now().getTime() + 15 * 60_000).toISOString()}::timestamptz as in_15_minutes
          from jobs where unique_key = ${`order:${order.id}`}`,
      ),
    ).toEqual([
      {
        name: expireUnpaidOrderJob.name,
        state: 'pending',
        payload: { orderId: order.id },
        in_15_minutes: true,
      },
    ]);

    expect(
      await rows(
        sql`select kind, context from agreement_acceptances where user_id = ${customer.id} and context = 'order'`,
      ),
    ).toEqual([{ kind: 'order', context: 'order' }]);

    // The order's events reach the provider's workbench through the dispatcher, as before.
    await s.settle();
    expect(s.published.some((event) => event.topic === `user:${provider?.user_id}`)).toBe(true);
  });
});

describe('the facts a create reads before it knows the zone', () => {
  it('hold the window of every local date the start can fall on, and narrow to it exactly', () => {
    const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Phnom_Penh', 'America/New_York', 'UTC'];
    for (let hour = 0; hour < 24 * 3; hour += 1) {
      const instant = new Date(Date.UTC(2026, 2, 7, hour, 30));
      const wide = factsWindowAround(instant);
      for (const zone of zones) {
        const { date } = localDateTimeOf(instant.getTime(), zone);
        const narrow = factsWindowOf(date);
        expect(wide.from.getTime()).toBeLessThanOrEqual(narrow.from.getTime());
        expect(wide.to.getTime()).toBeGreaterThanOrEqual(narrow.to.getTime());
      }
    }
    const window = factsWindowOf('2026-11-26');
    const iso = (ms: number) => new Date(ms).toISOString();
    const from = window.from.getTime();
    const to = window.to.getTime();
    const narrowed = factsWithin(
      {
        settings: null,
        shifts: [],
        days_off: [],
        time_off: [
          [iso(from - 60_000), iso(from)],
          [iso(from - 60_000), iso(from + 1)],
          [iso(to - 1), iso(to + 60_000)],
          [iso(to), iso(to + 60_000)],
        ],
        bookings: [
          [1, iso(from - 60_000), iso(from), iso(from), null, null],
          [2, iso(from), iso(from + 60_000), iso(from + 60_000), null, null],
          [3, iso(to), iso(to + 60_000), iso(to + 60_000), null, null],
        ],
      },
      window,
    );
    expect(narrowed.time_off).toEqual([
      [iso(from - 60_000), iso(from + 1)],
      [iso(to - 1), iso(to + 60_000)],
    ]);
    expect(narrowed.bookings.map(([id]) => id)).toEqual([2]);
  });
});
