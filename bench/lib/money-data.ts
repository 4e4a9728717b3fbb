// The money benchmark's load on top of the booking load: pending-payment orders and funded wallets.
import { orderStatusCode } from '@sabai/shared/booking/order-status';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../apps/server/src/db/client';
import { systemClock } from '../../apps/server/src/lib/clock';
import { tokenHash } from '../../apps/server/src/modules/identity/session-tokens';
import { createLedgerModule } from '../../apps/server/src/modules/ledger';
import type { BookingLoad } from './bench-server';
import type { BookingSpec } from './booking-data';

export const PRICE = 1500;

export interface MoneyLoad extends BookingLoad {
  /** Pending-payment orders to pay: more than the run can pay, so no request repeats an order. */
  unpaidOrders: number;
  /** Customers paying (each a login with a funded wallet). */
  payers: number;
}

/**
 * Pending-payment orders, order g paid by payer g mod P with therapist g mod T on its own far day
 * (no two of a therapist's orders overlap), and each payer's wallet funded for all of theirs plus
 * a little, through the ledger's own `post` (one top-up entry per payer). Answers the load spec.
 */
export async function seedUnpaidOrders(database: Database, spec: BookingSpec, load: MoneyLoad) {
  const { db } = database;
  const tokens = [...new Set(spec.therapists.map((t) => t.token))].slice(0, load.payers);
  const sessions = await queryRows<{ user_id: number; token_hash: string }>(
    db,
    sql`select user_id, token_hash from sessions where token_hash = any(${`{${tokens.map(tokenHash).join(',')}}`}::text[])`,
  );
  const userOf = new Map(sessions.map((row) => [row.token_hash, row.user_id]));
  const payers = tokens.map((token) => userOf.get(tokenHash(token)) as number);
  const therapists = spec.therapists;
  const ids = (list: number[]) => `{${list.join(',')}}`;
  const address = sql.raw(`jsonb_build_object('addressId', 0, 'contactName', 'Bench', 'genderTitle', 'ms',
    'phoneE164', '+85512000000', 'placeType', 'house', 'detail', 'Street', 'houseNumber', '', 'arrivalNotes', '',
    'photoKeys', '[]'::jsonb, 'lat', t.latitude + 0.005, 'lng', t.longitude + 0.005)`);
  const quote = JSON.stringify({
    unitPrice: PRICE,
    clocks: 1,
    service: PRICE,
    travelFee: 0,
    managementFee: 0,
    vat: 0,
    coupon: 0,
    total: PRICE,
    payable: PRICE,
  });
  const rows = await queryRows<{ id: number; customer_id: number }>(
    db,
    sql`insert into orders (order_number, kind, customer_id, therapist_id, project_id, city_id, clocks,
        duration_minutes, starts_at, ends_at, busy_start, busy_end, travel_mode, travel_minutes, distance_metres,
        address, contact_name, contact_phone, quote, currency, payable, status, created_at, updated_at)
      select 'P' || g, 'homeVisit', (${ids(payers)}::int[])[1 + g % ${payers.length}], t.id,
        (${ids(therapists.map((x) => x.projectId))}::int[])[1 + g % ${therapists.length}], t.city_id, 1, 60,
        s.at, s.at + interval '60 minutes', s.at - interval '10 minutes', s.at + interval '75 minutes', 'tukTuk',
        10, 1000, ${address}, 'Bench', '+85512000000', ${quote}::jsonb, 'USD', ${PRICE},
        ${orderStatusCode('pendingPayment')}, now(), now()
      from generate_series(0, ${load.unpaidOrders - 1}) g
        join therapists t on t.id = (${ids(therapists.map((x) => x.id))}::int[])[1 + g % ${therapists.length}]
        cross join lateral (select date_trunc('day', now()) + (20 + g / ${therapists.length}) * interval '1 day'
          + interval '3 hours' as at) s
      order by g
      returning id, customer_id`,
  );
  const { ledger } = createLedgerModule({ db, clock: systemClock }).api;
  const owed = new Map<number, number>();
  for (const row of rows) owed.set(row.customer_id, (owed.get(row.customer_id) ?? 0) + PRICE);
  for (const [userId, amount] of owed) {
    await db.transaction((tx) =>
      ledger.post(tx as unknown as Database['db'], {
        eventKey: `bench-topup:${userId}`,
        kind: 'topUp',
        lines: [
          {
            account: {
              ownerKind: 'platform',
              ownerId: 0,
              purpose: 'railClearing',
              rail: 'card',
              currency: 'USD',
            },
            amount: -(amount + 100),
          },
          {
            account: { ownerKind: 'user', ownerId: userId, purpose: 'customerWallet', currency: 'USD' },
            amount: amount + 100,
          },
        ],
      }),
    );
  }
  await db.execute(sql`vacuum analyze`);
  const tokenIndex = new Map(payers.map((userId, index) => [userId, index]));
  // Shuffled, so the callers of one moment pay from different wallets, as real customers do.
  const orders = rows.map((row) => [row.id, tokenIndex.get(row.customer_id) as number] as [number, number]);
  for (let i = orders.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [orders[i], orders[j]] = [orders[j] as [number, number], orders[i] as [number, number]];
  }
  return { tokens, orders };
}
