import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  addressBody,
  BOOKING_NOW,
  createCity,
  createProject,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

const { app, database } = await createTestApp({ clock: fixedClock(BOOKING_NOW) });
const REQUESTS = 200;
/** Starts 15 minutes apart on 25 November (Phnom Penh): every pair of them overlaps. */
const STARTS = ['03:00', '03:15', '03:30', '03:45'].map((time) => `2026-11-25T${time}:00.000Z`);

it(`lets exactly one of ${REQUESTS} concurrent overlapping bookings through; every other hears "time taken"`, async () => {
  const city = await createCity(database);
  const project = await createProject(database, city.id);
  const { therapistId } = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const customers = await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const session = await registerUser(app);
      const address = await call(app, {
        method: 'POST',
        url: '/app/addresses',
        token: session.token,
        payload: addressBody(),
      });
      return { token: session.token, addressId: address.json().data.id as number };
    }),
  );

  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, (_, index) => {
      const customer = customers[index % customers.length] as (typeof customers)[number];
      return call(app, {
        method: 'POST',
        url: '/app/orders/home-visit',
        token: customer.token,
        payload: {
          therapistId,
          projectId: project.id,
          clocks: 1,
          startsAt: STARTS[index % STARTS.length],
          addressId: customer.addressId,
          travelMode: 'tukTuk',
          agreeTerms: true,
        },
      });
    }),
  );

  // Every refusal is an answer in the envelope; a failure names the statuses and bodies it got.
  const notEnveloped = answers.filter((answer) => answer.statusCode !== 200);
  expect(notEnveloped.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 300)}`)).toEqual([]);
  const codes = answers.map((answer) => answer.json().code as number);
  expect(codes.filter((code) => code === 0)).toHaveLength(1);
  expect(codes.filter((code) => code === ERROR_CODES.bookingTimeTaken.code)).toHaveLength(REQUESTS - 1);
  const [stored] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from orders where therapist_id = ${therapistId}`,
  );
  expect(stored?.count).toBe(1);
  // The refused creates wrote none of their statement's parts (decision 079): one of each.
  const [parts] = await queryRows<Record<string, number>>(
    database.db,
    sql`with mine as (select id from orders where therapist_id = ${therapistId})
      select (select count(*)::int from order_status_history where order_id in (select id from mine)) as history,
        (select count(*)::int from order_status_history h where not exists (select 1 from orders o where o.id = h.order_id)) as stray_history,
        (select count(*)::int from outbox_events where aggregate_type = 'order' and event_type = 'order.created') as events,
        (select count(*)::int from jobs where name = 'booking.expire-unpaid') as jobs,
        (select count(*)::int from agreement_acceptances where context = 'order') as agreements`,
  );
  expect(parts).toEqual({ history: 1, stray_history: 0, events: 1, jobs: 1, agreements: 1 });
});

it('refuses in the database itself a second live order over the same busy time, but not an ended one', async () => {
  const [order] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select * from orders order by id limit 1`,
  );
  const copy = (status: number, suffix: string) =>
    database.db.execute(sql`insert into orders (order_number, kind, customer_id, therapist_id, project_id, city_id,
      clocks, duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode, address, quote, currency,
      payable, status, created_at, updated_at)
      select order_number || ${suffix}, kind, customer_id, therapist_id, project_id, city_id, clocks, duration_minutes,
        starts_at, ends_at, busy_start + interval '30 minutes', busy_end + interval '30 minutes', travel_mode, address,
        quote, currency, payable, ${status}, created_at, updated_at
      from orders where id = ${order?.id as number}`);
  await expect(copy(20, 'a')).rejects.toSatisfy((error: { code?: string; cause?: { code?: string } }) =>
    [error.code, error.cause?.code].includes('23P01'),
  );
  await expect(copy(200, 'b')).resolves.toBeDefined();
});
