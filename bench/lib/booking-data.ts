import { addDays, instantOfLocal, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { newSessionToken, tokenHash } from '../../apps/server/src/modules/identity/session-tokens';
import type { Cities } from './discovery-data';

export interface BookingSpec {
  /** Who books whom: a bookable Phnom Penh therapist, a project they offer, the booker's address near them. */
  therapists: { id: number; projectId: number; addressId: number; token: string }[];
  /** Distinct starts (ISO), far enough apart that one therapist's orders at any two never collide. */
  slots: string[];
  /** Local dates whose free starts are asked for. */
  dates: string[];
}

/**
 * The booking load after discovery's `bulkLoad`: every bench therapist works 09:00–22:00 daily;
 * `customers` customers; `pastOrders` finished orders (completed, a few cancelled or refunded)
 * spread over the therapists and the past months; one upcoming accepted order per therapist at
 * 06:00 local in the next days (so the exclusion constraint's index is not empty); and for
 * `bookers` of the customers a login and one address next to each bookable therapist they book.
 * Set-based (INSERT … SELECT generate_series), no per-row round trips.
 */
export async function loadBookingData(
  db: Db,
  cities: Cities,
  counts: { pastOrders: number; customers: number; bookers: number },
  timeZone: string,
): Promise<BookingSpec> {
  const [range] = await queryRows<{ first: number; last: number }>(
    db,
    sql`select min(id)::int as first, max(id)::int as last from therapists where display_name like 'Bench %'`,
  );
  const first = range?.first as number;
  const therapistCount = (range?.last as number) - first + 1;
  const projectsOf = (cityId: number, list: number[]) =>
    sql.raw(`when t.city_id = ${cityId} then ('{${list.join(',')}}'::int[])[1 + t.id % ${list.length}]`);
  const projectOfTherapist = sql`case ${projectsOf(cities.pp, cities.ppProjects)} ${projectsOf(cities.sr, cities.srProjects)} end`;

  // The discovery load gives each bench therapist a varied week; booking's slots assume 09:00-22:00 daily.
  await db.execute(sql`delete from therapist_working_hours
    where therapist_id in (select id from therapists where display_name like 'Bench %')`);
  await db.execute(sql`insert into therapist_working_hours (therapist_id, weekday, start_time, end_time)
    select t.id, d, '09:00', '22:00' from therapists t cross join generate_series(1, 7) d
    where t.display_name like 'Bench %'`);
  await db.execute(sql`insert into users (user_name, nickname, created_at, updated_at)
    select 'bench-customer-' || g, 'Customer ' || g, now(), now() from generate_series(1, ${counts.customers}) g`);
  const [customers] = await queryRows<{ first: number }>(
    db,
    sql`select min(id)::int as first from users where user_name like 'bench-customer-%'`,
  );
  const firstCustomer = customers?.first as number;

  const quote = JSON.stringify({
    unitPrice: 1500,
    clocks: 1,
    service: 1500,
    travelFee: 0,
    managementFee: 0,
    vat: 0,
    coupon: 0,
    total: 1500,
    payable: 1500,
  });
  const address = (lat: string, lng: string) =>
    sql.raw(`jsonb_build_object('addressId', 0, 'contactName', 'Bench',
      'genderTitle', 'ms', 'phoneE164', '+85512000000', 'placeType', 'house', 'detail', 'Street', 'houseNumber', '',
      'arrivalNotes', '', 'photoKeys', '[]'::jsonb, 'lat', ${lat}, 'lng', ${lng})`);
  // Past orders: order g belongs to therapist g mod T, on its own day (g div T)·3 + 1 days ago, 10:00 UTC.
  await db.execute(sql`insert into orders (order_number, kind, customer_id, therapist_id, project_id, city_id,
      clocks, duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode, travel_minutes,
      distance_metres, address, contact_name, contact_phone, quote, currency, payable, status, accepted_at,
      arrived_at, created_at, updated_at)
    select 'B' || g, 'homeVisit', ${firstCustomer} + g % ${counts.customers}, t.id, ${projectOfTherapist},
      t.city_id, 1, 60, s.at, s.at + interval '60 minutes', s.at - interval '10 minutes',
      s.at + interval '75 minutes', 'tukTuk', 10, 2000, ${address('t.latitude + 0.01', 't.longitude')},
      'Bench', '+85512000000', ${quote}::jsonb, 'USD', 1500,
      case g % 20 when 0 then 200 when 1 then 230 else 90 end,
      s.at - interval '1 day', s.at - interval '5 minutes', s.at - interval '1 day', s.at + interval '2 hours'
    from generate_series(0, ${counts.pastOrders - 1}) g
      join therapists t on t.id = ${first} + g % ${therapistCount}
      cross join lateral (select date_trunc('day', now()) - ((g / ${therapistCount}) * 3 + 1) * interval '1 day'
        + interval '10 hours' as at) s`);
  // One upcoming accepted order per therapist, 06:00 local, before the shift the bench books into.
  const today = localDateTimeOf(Date.now(), timeZone).date;
  const sixOclock = [1, 2, 3, 4, 5, 6].map((day) =>
    new Date(instantOfLocal(addDays(today, day), 6 * 60, timeZone)).toISOString(),
  );
  await db.execute(sql`insert into orders (order_number, kind, customer_id, therapist_id, project_id, city_id,
      clocks, duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode, travel_minutes,
      distance_metres, address, contact_name, contact_phone, quote, currency, payable, status, accepted_at,
      created_at, updated_at)
    select 'L' || t.id, 'homeVisit', ${firstCustomer} + t.id % ${counts.customers}, t.id, ${projectOfTherapist},
      t.city_id, 1, 60, s.at, s.at + interval '60 minutes', s.at - interval '10 minutes',
      s.at + interval '75 minutes', 'tukTuk', 10, 2000, ${address('t.latitude + 0.01', 't.longitude')},
      'Bench', '+85512000000', ${quote}::jsonb, 'USD', 1500, 30, now(), now(), now()
    from therapists t
      cross join lateral (select (${`{${sixOclock.join(',')}}`}::timestamptz[])[1 + t.id % 6] as at) s
    where t.display_name like 'Bench %'`);

  // The bookers: logins, and one address 0.7 km from each bookable Phnom Penh therapist they book.
  const bookers = await queryRows<{ id: number }>(
    db,
    sql`select id from users where user_name like 'bench-customer-%' order by id limit ${counts.bookers}`,
  );
  await db.execute(sql`insert into user_roles (user_id, role)
    select id, 'customer' from users where id = any(${`{${bookers.map((b) => b.id).join(',')}}`}::int[])`);
  const tokens = bookers.map(() => newSessionToken());
  const now = new Date();
  const expires = new Date(now.getTime() + 24 * 3_600_000);
  await db.execute(sql`insert into sessions (user_id, token_hash, created_at, authenticated_at, last_used_at, expires_at)
    select u, h, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${expires.toISOString()}::timestamptz
    from unnest(${`{${bookers.map((b) => b.id).join(',')}}`}::int[], ${`{${tokens.map(tokenHash).join(',')}}`}::text[]) as x(u, h)`);
  const bookable = await queryRows<{ id: number; project_id: number; booker: number; address_id: number }>(
    db,
    sql`with bookable as (
        select t.id, ${projectOfTherapist} as project_id, t.latitude, t.longitude,
          (${`{${bookers.map((b) => b.id).join(',')}}`}::int[])[1 + t.id % ${bookers.length}] as booker
        from therapists t
        where t.display_name like 'Bench %' and t.city_id = ${cities.pp} and t.state <> 'resting' and not t.is_banned),
      placed as (
        insert into addresses (user_id, contact_name, gender_title, phone_e164, place_type, detail, latitude, longitude)
        select booker, 'Bench', 'ms', '+85512000000', 'house', 'Bench street ' || id, latitude + 0.005, longitude + 0.005
        from bookable returning id, detail)
      select b.id, b.project_id, b.booker, p.id as address_id
      from bookable b join placed p on p.detail = 'Bench street ' || b.id
      order by b.id`,
  );
  const tokenOf = new Map(bookers.map((b, index) => [b.id, tokens[index] as string]));

  // Starts: three a day, 09:00, 13:00 and 17:00 local, on each of the next six days (today is
  // mostly inside the lead time). Four hours apart: the longest project, travel and buffer fit.
  const [longest] = await queryRows<{ minutes: number }>(
    db,
    sql`select max(duration_minutes)::int as minutes from service_projects`,
  );
  if ((longest?.minutes ?? 0) + 15 + 30 > 240) throw new Error('a project is too long for 4-hour slots');
  const dates = [1, 2, 3, 4, 5, 6].map((day) => addDays(today, day));
  const slots = dates.flatMap((date) =>
    [9, 13, 17].map((hour) => new Date(instantOfLocal(date, hour * 60, timeZone)).toISOString()),
  );

  // Fresh statistics for the planner (PGlite has no autovacuum), hint bits set.
  await db.execute(sql`vacuum analyze`);
  return {
    therapists: bookable.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      addressId: row.address_id,
      token: tokenOf.get(row.booker) as string,
    })),
    slots,
    dates,
  };
}
