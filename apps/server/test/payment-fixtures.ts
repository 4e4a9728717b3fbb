import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import { createLedgerModule } from '../src/modules/ledger';
import { addressBody, createCity, createProject, createTherapist } from './booking-fixtures';
import { call, registerUser } from './identity-helpers';

const places = new WeakMap<
  Database,
  Promise<{
    city: Awaited<ReturnType<typeof createCity>>;
    project: Awaited<ReturnType<typeof createProject>>;
  }>
>();

/** One city and project per test database (the cities are cached by the app once read). */
export function placeOf(database: Database) {
  let place = places.get(database);
  if (!place) {
    place = (async () => {
      const city = await createCity(database);
      return { city, project: await createProject(database, city.id) };
    })();
    places.set(database, place);
  }
  return place;
}

/** A customer with a home-visit order (a therapist of their own) waiting for payment, in USD. */
export async function bookUnpaidOrder(
  app: FastifyInstance,
  database: Database,
  existingCustomer?: Awaited<ReturnType<typeof registerUser>>,
  options: {
    /** The same provider for several orders (at different times). */
    therapist?: Awaited<ReturnType<typeof createTherapist>>;
    startsAt?: Date;
  } = {},
) {
  const { city, project } = await placeOf(database);
  const therapist =
    options.therapist ?? (await createTherapist(app, database, { cityId: city.id, projectId: project.id }));
  const customer = existingCustomer ?? (await registerUser(app));
  const address = await call(app, {
    method: 'POST',
    url: '/app/addresses',
    token: customer.token,
    payload: addressBody(),
  });
  const booked = await call(app, {
    method: 'POST',
    url: '/app/orders/home-visit',
    token: customer.token,
    payload: {
      therapistId: therapist.therapistId,
      projectId: project.id,
      clocks: 1,
      // 25 November 2026, 10:00 in Phnom Penh.
      startsAt: (options.startsAt ?? new Date(Date.UTC(2026, 10, 25, 3, 0))).toISOString(),
      addressId: address.json().data.id,
      travelMode: 'tukTuk',
      remark: '',
      agreeTerms: true,
    },
  });
  if (booked.json().code !== 0) throw new Error(`booking failed: ${booked.body}`);
  const order = booked.json().data as { id: number; payable: number; currency: string };
  return { city, project, therapist, customer, order };
}

/** Puts money in a customer's wallet as a card top-up would (rail clearing → wallet). */
export async function fundWallet(
  database: Database,
  clock: Clock,
  userId: number,
  amount: number,
  currency = 'USD',
) {
  const { ledger } = createLedgerModule({ db: database.db, clock }).api;
  await database.db.transaction((tx) =>
    ledger.post(tx as unknown as Database['db'], {
      eventKey: `test-topup:${userId}:${currency}:${Math.random()}`,
      kind: 'topUp',
      lines: [
        {
          account: { ownerKind: 'platform', ownerId: 0, purpose: 'railClearing', rail: 'card', currency },
          amount: -amount,
        },
        { account: { ownerKind: 'user', ownerId: userId, purpose: 'customerWallet', currency }, amount },
      ],
    }),
  );
}

export const payOrder = (
  app: FastifyInstance,
  token: string,
  orderId: number,
  method: string,
  key: string | null = `pay-${orderId}-${method}-${Math.random()}`,
) =>
  call(app, {
    method: 'POST',
    url: `/app/orders/${orderId}/payments`,
    token,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { method },
  });
