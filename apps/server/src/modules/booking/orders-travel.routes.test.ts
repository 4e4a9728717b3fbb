import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressBody,
  BOOKING_NOW,
  createCity,
  createProject,
  createStore,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { testConfig } from '../../config/env';
import { queryRows } from '../../db/client';
import { cityBookingSettings } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createGeoModule } from '../geo';
import { createTopicAccess } from '../realtime';
import { createBookingModule } from './index';

/**
 * The travelling part of a home visit and what surrounds it: the quote before booking, the
 * provider's shared position, arrival check-in, early end, no-show, alternatives after a decline
 * and what a provider sees before accepting.
 */
const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });
/** The payment system's side (the money issue's webhook), acting on the same database. */
const payments = createBookingModule(
  {
    db: database.db,
    clock,
    config: testConfig(),
    jobs: app.jobs,
    outbox: app.outbox,
    topics: createTopicAccess(),
  },
  { cities: createGeoModule({ db: database.db, clock }).api },
).api.orders;

const MINUTE = 60_000;
/** A local Phnom Penh time (UTC+7) on a day after 24 November 2026, as an ISO instant. */
const at = (day: number, time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, day, hours - 7, minutes)).toISOString();
};

type Therapist = Awaited<ReturnType<typeof createTherapist>>;
let fixture: {
  cityId: number;
  projectId: number;
  therapist: Therapist;
  resting: Therapist;
  closedCityTherapist: Therapist;
  closedCityProjectId: number;
  storeId: number;
  customer: { token: string; id: number };
  stranger: { token: string; id: number };
  staff: { token: string };
  addressId: number;
  address: { lat: number; lng: number };
  farAddressId: number;
  strangersAddressId: number;
};

async function newAddress(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call(app, {
    method: 'POST',
    url: '/app/addresses',
    token,
    payload: addressBody(overrides),
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(response.body);
  return body.data.id as number;
}

beforeAll(async () => {
  const city = await createCity(database);
  const closedCity = await createCity(database, 'closed');
  const project = await createProject(database, city.id);
  const closedCityProject = await createProject(database, closedCity.id);
  await database.db
    .insert(cityBookingSettings)
    .values({ cityId: city.id, settings: { travelStartingPrice: 300, managementFeeFixed: 200 } });
  const customer = await registerUser(app);
  const stranger = await registerUser(app);
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  const address = addressBody();
  fixture = {
    cityId: city.id,
    projectId: project.id,
    therapist: await createTherapist(app, database, { cityId: city.id, projectId: project.id }),
    resting: await createTherapist(app, database, {
      cityId: city.id,
      projectId: project.id,
      state: 'resting',
    }),
    closedCityTherapist: await createTherapist(app, database, {
      cityId: closedCity.id,
      projectId: closedCityProject.id,
    }),
    closedCityProjectId: closedCityProject.id,
    storeId: (await createStore(database, city.id, project.id)).id,
    customer: { token: customer.token, id: customer.user.id },
    stranger: { token: stranger.token, id: stranger.user.id },
    staff: { token: staff.token },
    addressId: await newAddress(customer.token),
    address: { lat: address.lat, lng: address.lng },
    farAddressId: await newAddress(customer.token, { lat: 12.6, lng: 104.9282 }),
    strangersAddressId: await newAddress(stranger.token),
  };
});

const homeVisit = (overrides: Record<string, unknown> = {}) => ({
  therapistId: fixture.therapist.therapistId,
  projectId: fixture.projectId,
  clocks: 1,
  startsAt: at(25, '10:00'),
  addressId: fixture.addressId,
  travelMode: 'tukTuk',
  remark: '',
  agreeTerms: true,
  ...overrides,
});

const post = async (url: string, token: string | undefined, payload?: unknown, headers = {}) =>
  (
    await call(app, { method: 'POST', url, ...(token ? { token } : {}), payload: payload as object, headers })
  ).json();
const get = async (url: string, token: string) => (await call(app, { method: 'GET', url, token })).json();
const book = (overrides: Record<string, unknown> = {}) =>
  post('/app/orders/home-visit', fixture.customer.token, homeVisit(overrides));
const quote = (overrides: Record<string, unknown> = {}, token = fixture.customer.token, headers = {}) =>
  post('/app/orders/home-visit/quote', token, homeVisit(overrides), headers);
const orderCount = async () =>
  (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from orders`))[0]?.count;

describe('the quote before booking', () => {
  it('answers the quote the booking then stores, and books nothing', async () => {
    const before = await orderCount();
    const preview = await quote({ startsAt: at(25, '11:00') });
    expect(preview.code).toBe(0);
    expect(preview.data).toEqual({
      currency: 'USD',
      unitPrice: 2000,
      clocks: 1,
      service: 2000,
      travelFee: 300,
      managementFee: 200,
      vat: 0,
      coupon: 0,
      total: 2500,
      payable: 2500,
    });
    expect(await orderCount()).toBe(before);
    const booked = await book({ startsAt: at(25, '11:00') });
    expect(booked.data.quote).toEqual(preview.data);
  });

  it('quotes two clocks and a store visit (no travel fee)', async () => {
    const twoClocks = await quote({ startsAt: at(25, '14:00'), clocks: 2 });
    expect(twoClocks.data).toMatchObject({ clocks: 2, service: 4000, total: 4500 });
    const inStore = await post('/app/orders/in-store/quote', fixture.customer.token, {
      storeId: fixture.storeId,
      projectId: fixture.projectId,
      clocks: 1,
      startsAt: at(25, '12:00'),
      agreeTerms: true,
    });
    expect(inStore.code).toBe(0);
    expect(inStore.data).toMatchObject({ travelFee: 0, service: 2000, total: 2200 });
  });

  it('refuses what booking refuses, with the same localised errors', async () => {
    const resting = await quote({ therapistId: fixture.resting.therapistId }, fixture.customer.token, {
      lang: 'km-KH',
    });
    expect(resting.code).toBe(ERROR_CODES.therapistCannotTakeOrder.code);
    expect(resting.msg).toMatch(/[\u1780-\u17FF]/);
    const closed = await quote({
      therapistId: fixture.closedCityTherapist.therapistId,
      projectId: fixture.closedCityProjectId,
    });
    expect(closed.code).toBe(ERROR_CODES.cityNotOpen.code);
    expect((await quote({ addressId: fixture.farAddressId })).code).toBe(
      ERROR_CODES.beyondServiceRadius.code,
    );
    expect((await quote({ addressId: fixture.strangersAddressId })).code).toBe(ERROR_CODES.notFound.code);
    expect((await quote({ startsAt: at(25, '10:07') })).code).toBe(ERROR_CODES.bookingTimeUnavailable.code);
    expect((await book({ startsAt: at(26, '10:00') })).code).toBe(0);
    expect((await quote({ startsAt: at(26, '10:30') })).code).toBe(ERROR_CODES.bookingTimeTaken.code);
    const inStoreClosed = await post('/app/orders/in-store/quote', fixture.customer.token, {
      storeId: fixture.storeId,
      projectId: fixture.projectId,
      clocks: 1,
      startsAt: at(25, '08:00'),
      agreeTerms: true,
    });
    expect(inStoreClosed.code).toBe(ERROR_CODES.bookingTimeUnavailable.code);
    expect((await quote({}, '')).code).toBe(ERROR_CODES.unauthenticated.code);
  });
});

const step = (id: number, transition: string, token: string, extra: Record<string, unknown> = {}) =>
  post(`/app/orders/${id}/transitions`, token, { transition, ...extra });
const detail = (id: number, token = fixture.customer.token) => get(`/app/orders/${id}`, token);
const AT_THE_DOOR = { lat: addressBody().lat, lng: addressBody().lng };
/** North of the address by this many metres (one degree of latitude ≈ 111,195 m). */
const north = (metres: number) => ({ lat: AT_THE_DOOR.lat + metres / 111_195, lng: AT_THE_DOOR.lng });

/** A paid home visit moved by its provider through the given steps (arriving at the door). */
async function orderThrough(startsAt: string, steps: string[], therapist = fixture.therapist) {
  const booked = await book({ startsAt, therapistId: therapist.therapistId });
  if (booked.code !== 0) throw new Error(JSON.stringify(booked));
  const id = booked.data.id as number;
  await payments.systemTransition(id, 'pay');
  for (const transition of steps) {
    const extra = transition === 'arrive' ? { position: AT_THE_DOOR } : {};
    const moved = await step(id, transition, therapist.token, extra);
    if (moved.code !== 0) throw new Error(`${transition}: ${JSON.stringify(moved)}`);
  }
  return id;
}
const sharePosition = (id: number, token: string, point: unknown) =>
  post(`/app/orders/${id}/position`, token, point);
const positionEvents = (id: number) =>
  queryRows<{ payload: Record<string, unknown>; topics: string[] }>(
    database.db,
    sql`select payload, topics from outbox_events
        where event_type = 'order.position' and aggregate_id = ${String(id)} order by id`,
  );

describe('the provider on the way', () => {
  it('shares the position only while departed, publishes it on the order topic with an ETA and coalesces bursts', async () => {
    const id = await orderThrough(at(27, '10:00'), ['accept']);
    const provider = fixture.therapist.token;
    // The provider's base, about 1,112 m north-south of the door: 1,112 m × 1.4 at 20 km/h ≈ 4.7 → 5 min.
    const base = { lat: AT_THE_DOOR.lat - 0.01, lng: AT_THE_DOOR.lng };
    expect((await sharePosition(id, provider, base)).code).toBe(ERROR_CODES.positionSharingClosed.code);
    await step(id, 'depart', provider);
    // Only providers reach the route; another provider's order is not found for them.
    for (const token of [fixture.customer.token, fixture.staff.token, fixture.stranger.token]) {
      expect((await sharePosition(id, token, base)).code).toBe(ERROR_CODES.forbidden.code);
    }
    expect((await sharePosition(id, fixture.resting.token, base)).code).toBe(ERROR_CODES.notFound.code);
    expect((await sharePosition(id, provider, { lat: 91, lng: 0 })).code).toBe(
      ERROR_CODES.validationFailed.code,
    );

    const shared = await sharePosition(id, provider, base);
    expect(shared.code).toBe(0);
    expect(shared.data).toEqual({ orderId: id, ...base, at: clock.now().toISOString(), etaMinutes: 5 });
    expect(await positionEvents(id)).toEqual([{ payload: shared.data, topics: [`order:${id}`] }]);

    // A second position 3 s later is folded into the first: answered, not stored or published.
    clock.advance(3_000);
    const burst = await sharePosition(id, provider, AT_THE_DOOR);
    expect(burst.data).toEqual(shared.data);
    expect(await positionEvents(id)).toHaveLength(1);

    clock.advance(12_000);
    const nearer = await sharePosition(id, provider, north(100));
    expect(nearer.data).toMatchObject({ at: clock.now().toISOString(), etaMinutes: 1 });
    expect(await positionEvents(id)).toHaveLength(2);

    for (const token of [fixture.customer.token, provider, fixture.staff.token]) {
      expect((await detail(id, token)).data.providerPosition).toEqual({
        lat: nearer.data.lat,
        lng: nearer.data.lng,
        at: nearer.data.at,
        etaMinutes: 1,
      });
    }
    expect((await detail(id, fixture.stranger.token)).code).toBe(ERROR_CODES.notFound.code);

    await step(id, 'arrive', provider, { position: AT_THE_DOOR });
    expect((await detail(id)).data.providerPosition).toBeNull();
    expect((await sharePosition(id, provider, AT_THE_DOOR)).code).toBe(
      ERROR_CODES.positionSharingClosed.code,
    );
  });
});

describe('arrival check-in', () => {
  it('checks in within 500 m of the address; farther or without a position it needs a reason, state unchanged', async () => {
    const id = await orderThrough(at(27, '14:00'), ['accept', 'depart']);
    const provider = fixture.therapist.token;
    const bare = await step(id, 'arrive', provider);
    expect(bare.code).toBe(ERROR_CODES.checkInPositionOrReasonRequired.code);
    const far = (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${id}/transitions`,
        token: provider,
        headers: { lang: 'km-KH' },
        payload: { transition: 'arrive', position: north(600) },
      })
    ).json();
    expect(far.code).toBe(ERROR_CODES.checkInTooFar.code);
    expect(far.msg).toMatch(/[\u1780-\u17FF]/);
    expect(far.msg).toContain('500');
    expect((await step(id, 'arrive', provider, { position: north(600), reason: '   ' })).code).toBe(
      ERROR_CODES.checkInTooFar.code,
    );
    expect((await step(id, 'arrive', fixture.customer.token, { position: AT_THE_DOOR })).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    expect((await detail(id)).data.status).toBe('departed');

    const arrived = await step(id, 'arrive', provider, { position: north(400) });
    expect(arrived.code).toBe(0);
    expect(arrived.data.status).toBe('arrived');
    const [row] = await queryRows<{ checked_in_by_position: boolean }>(
      database.db,
      sql`select checked_in_by_position from orders where id = ${id}`,
    );
    expect(row?.checked_in_by_position).toBe(true);
  });

  it('accepts a stated reason instead, keeps it in the timeline, and records no position check-in', async () => {
    const id = await orderThrough(at(27, '17:00'), ['accept', 'depart']);
    const arrived = await step(id, 'arrive', fixture.therapist.token, {
      position: north(2000),
      reason: 'The lane is closed; waiting at the main road',
    });
    expect(arrived.code).toBe(0);
    expect(arrived.data.timeline.at(-1)).toMatchObject({
      transition: 'arrive',
      reason: 'The lane is closed; waiting at the main road',
    });
    expect(arrived.data.noShowAvailableAt).toBeNull();
    // Without a check-in by position, a no-show cannot be reported, however long the wait.
    await post(`/app/orders/${id}/call-attempts`, fixture.therapist.token);
    expect((await step(id, 'reportNoShow', fixture.therapist.token)).code).toBe(
      ERROR_CODES.noShowNeedsCheckIn.code,
    );
  });

  it('uses the city’s own check-in radius', async () => {
    const id = await orderThrough(at(28, '16:00'), ['accept', 'depart']);
    await database.db
      .update(cityBookingSettings)
      .set({ settings: { travelStartingPrice: 300, managementFeeFixed: 200, checkInRadiusMetres: 100 } })
      .where(sql`city_id = ${fixture.cityId}`);
    try {
      expect((await step(id, 'arrive', fixture.therapist.token, { position: north(400) })).code).toBe(
        ERROR_CODES.checkInTooFar.code,
      );
      expect((await step(id, 'arrive', fixture.therapist.token, { position: north(50) })).code).toBe(0);
    } finally {
      await database.db
        .update(cityBookingSettings)
        .set({ settings: { travelStartingPrice: 300, managementFeeFixed: 200 } })
        .where(sql`city_id = ${fixture.cityId}`);
    }
  });
});

describe('what a provider sees before accepting', () => {
  it('is the area, the project, the time and a masked name; the door and the phone come with acceptance', async () => {
    const id = await orderThrough(at(29, '15:00'), []);
    const provider = fixture.therapist.token;
    const before = (await detail(id, provider)).data;
    expect(before).toMatchObject({ projectId: fixture.projectId, startsAt: at(29, '15:00') });
    expect(Object.keys(before.address).sort()).toEqual(['lat', 'lng']);
    expect(before.address.lat).toBe(Math.round(AT_THE_DOOR.lat * 100) / 100);
    expect(before.contactName).toBe('D*');
    expect(before.contactPhone).toBe('');
    const incoming = (await get('/app/provider/orders?view=incoming', provider)).data.items.find(
      (item: { id: number }) => item.id === id,
    );
    expect(incoming).toMatchObject({ contactName: 'D*', contactPhone: '', address: before.address });
    // Nothing about the door or the phone travels in the events the provider hears either.
    const [leaked] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from outbox_events
          where aggregate_id = ${String(id)} and (payload::text like '%Street 240%' or payload::text like '%+855%')`,
    );
    expect(leaked?.count).toBe(0);

    const accepted = (await step(id, 'accept', provider)).data;
    expect(accepted.contactName).toBe('Dara');
    expect(accepted.contactPhone).toMatch(/^\+855/);
    expect(accepted.address).toMatchObject({
      detail: 'Street 240, Daun Penh',
      arrivalNotes: 'Blue gate',
      phoneE164: expect.stringMatching(/^\+855/),
      lat: AT_THE_DOOR.lat,
    });
    expect(accepted.address).toHaveProperty('houseNumber');
  });
});

describe('alternatives after a decline', () => {
  it('lists nearby free providers offering the project with the new quote; not the busy, resting, far or declining ones', async () => {
    const startsAt = at(29, '10:00');
    const near = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: fixture.projectId,
    });
    const farther = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: fixture.projectId,
    });
    const busy = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: fixture.projectId,
    });
    const outOfRadius = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: fixture.projectId,
    });
    const otherProject = await createProject(database, fixture.cityId);
    const notOffering = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: otherProject.id,
    });
    // 5 km south of the door: 2 km beyond the 3 km the starting price covers, at 100 cents a km.
    await database.db.execute(
      sql`update therapists set latitude = ${AT_THE_DOOR.lat - 5000 / 111_195}, rating = 4.8, review_count = 12
          where id = ${farther.therapistId}`,
    );
    await database.db.execute(
      sql`update therapists set service_radius_km = 1 where id = ${outOfRadius.therapistId}`,
    );
    expect((await book({ startsAt, therapistId: busy.therapistId })).code).toBe(0);
    await database.db
      .update(cityBookingSettings)
      .set({
        settings: {
          travelStartingPrice: 300,
          managementFeeFixed: 200,
          travelPricePerExtraKm: { tukTuk: 100, walking: 100, fastest: 100 },
        },
      })
      .where(sql`city_id = ${fixture.cityId}`);
    try {
      const id = await orderThrough(startsAt, []);
      const alternatives = (id2: number, token: string) => get(`/app/orders/${id2}/alternatives`, token);
      // Before a decline the customer has a provider: nothing to choose yet.
      expect((await alternatives(id, fixture.customer.token)).code).toBe(
        ERROR_CODES.orderActorNotAllowed.code,
      );
      expect((await step(id, 'decline', fixture.therapist.token)).data.status).toBe('reassigning');

      const listed = await alternatives(id, fixture.customer.token);
      expect(listed.code).toBe(0);
      expect(listed.data.map((item: { therapist: { id: number } }) => item.therapist.id)).toEqual([
        near.therapistId,
        farther.therapistId,
      ]);
      const [first, second] = listed.data;
      expect(first).toEqual({
        therapist: {
          id: near.therapistId,
          name: 'Sokha',
          avatar: '',
          rating: null,
          distanceMetres: expect.any(Number),
        },
        quote: expect.objectContaining({ currency: 'USD', service: 2000, travelFee: 300, total: 2500 }),
        difference: 0,
      });
      expect(second.therapist).toMatchObject({ rating: 4.8 });
      expect(second.therapist.distanceMetres).toBeGreaterThan(4900);
      expect(second.quote.travelFee).toBeGreaterThan(300);
      expect(second.difference).toBe(second.quote.total - 2500);
      expect(second.difference).toBeGreaterThan(0);
      expect(listed.data.map((item: { therapist: { id: number } }) => item.therapist.id)).not.toEqual(
        expect.arrayContaining([busy.therapistId, outOfRadius.therapistId, notOffering.therapistId]),
      );

      // Staff see the same; the provider who declined and strangers do not.
      expect((await alternatives(id, fixture.staff.token)).data).toEqual(listed.data);
      expect((await alternatives(id, fixture.therapist.token)).code).toBe(
        ERROR_CODES.orderActorNotAllowed.code,
      );
      expect((await alternatives(id, fixture.stranger.token)).code).toBe(ERROR_CODES.notFound.code);

      // One tap takes one of them, with the travel difference recorded.
      const taken = await post(`/app/orders/${id}/reassign`, fixture.customer.token, {
        therapistId: farther.therapistId,
      });
      expect(taken.data).toMatchObject({ status: 'waitingAcceptance', therapistId: farther.therapistId });
      expect(taken.data.adjustments).toEqual([
        expect.objectContaining({ kind: 'travelDifference', amount: second.quote.travelFee - 300 }),
      ]);
      // If the new provider declines too, neither provider is offered again.
      await step(id, 'decline', farther.token);
      const again = (await alternatives(id, fixture.customer.token)).data.map(
        (item: { therapist: { id: number } }) => item.therapist.id,
      );
      expect(again).toEqual([near.therapistId]);
    } finally {
      await database.db
        .update(cityBookingSettings)
        .set({ settings: { travelStartingPrice: 300, managementFeeFixed: 200 } })
        .where(sql`city_id = ${fixture.cityId}`);
    }
  });
});

describe('alternatives for customer service', () => {
  it('are open to staff for a live order before arrival, never listing its own provider; not after arrival', async () => {
    const id = await orderThrough(at(29, '18:00'), ['accept']);
    const alternatives = (token: string) => get(`/app/orders/${id}/alternatives`, token);
    expect((await alternatives(fixture.customer.token)).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    const listed = await alternatives(fixture.staff.token);
    expect(listed.code).toBe(0);
    const ids = listed.data.map((item: { therapist: { id: number } }) => item.therapist.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(fixture.therapist.therapistId);
    expect(ids).not.toContain(fixture.resting.therapistId);
    await step(id, 'depart', fixture.therapist.token);
    await step(id, 'arrive', fixture.therapist.token, { position: AT_THE_DOOR });
    expect((await alternatives(fixture.staff.token)).code).toBe(ERROR_CODES.orderTransitionIllegal.code);
  });
});

describe('alternatives after a time-out', () => {
  it('never offer again a provider who let the order time out, after it went to someone else who declined', async () => {
    const id = await orderThrough(at(29, '12:00'), []);
    await payments.systemTransition(id, 'autoDecline');
    const first = (await get(`/app/orders/${id}/alternatives`, fixture.customer.token)).data;
    const taker = first[0].therapist.id as number;
    expect(first.map((item: { therapist: { id: number } }) => item.therapist.id)).not.toContain(
      fixture.therapist.therapistId,
    );
    await post(`/app/orders/${id}/reassign`, fixture.customer.token, { therapistId: taker });
    await payments.systemTransition(id, 'autoDecline');
    const again = (await get(`/app/orders/${id}/alternatives`, fixture.customer.token)).data.map(
      (item: { therapist: { id: number } }) => item.therapist.id,
    );
    expect(again).not.toContain(fixture.therapist.therapistId);
    expect(again).not.toContain(taker);
    expect(again.length).toBe(first.length - 1);
  });
});

/** These move the shared clock forward to the service's day, so they run last. */
describe('ending early and no-shows (the clock moves)', () => {
  it('needs a reason to end more than 10 minutes before the booked end, extra clocks included', async () => {
    const early = await orderThrough(at(30, '10:00'), ['accept', 'depart', 'arrive', 'start']);
    const provider = fixture.therapist.token;
    const refused = await step(early, 'end', provider);
    expect(refused.code).toBe(ERROR_CODES.earlyEndReasonRequired.code);
    expect(refused.msg).toContain('10');
    expect((await detail(early)).data.status).toBe('inService');
    const ended = await step(early, 'end', provider, { reason: 'The customer felt unwell' });
    expect(ended.data.status).toBe('serviceEnded');
    expect(ended.data.timeline.at(-1)).toMatchObject({
      transition: 'end',
      reason: 'The customer felt unwell',
    });

    const longer = await orderThrough(at(30, '12:00'), ['accept', 'depart', 'arrive', 'start']);
    expect(
      (await post(`/app/orders/${longer}/extra-clocks`, fixture.customer.token, { count: 1 })).code,
    ).toBe(0);
    // Booked 12:00–13:00 plus 30 minutes: 13:15 is more than 10 minutes early, 13:20 is not.
    clock.advance(Date.parse(at(30, '13:15')) - clock.now().getTime());
    expect((await step(longer, 'end', provider)).code).toBe(ERROR_CODES.earlyEndReasonRequired.code);
    clock.advance(5 * MINUTE);
    expect((await step(longer, 'end', provider)).data.status).toBe('serviceEnded');
  });

  it('reports a no-show only after a check-in by position, a call attempt and 15 minutes; it settles as turned away', async () => {
    const id = await orderThrough(at(30, '15:00'), ['accept', 'depart']);
    const provider = fixture.therapist.token;
    const callAttempt = (token: string) => post(`/app/orders/${id}/call-attempts`, token);
    expect((await callAttempt(provider)).code).toBe(ERROR_CODES.orderTransitionIllegal.code);
    const arrived = (await step(id, 'arrive', provider, { position: AT_THE_DOOR })).data;
    expect(arrived).toMatchObject({
      callAttempts: 0,
      noShowAvailableAt: new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
    });
    expect(arrived.allowedTransitions).not.toContain('reportNoShow');
    expect((await step(id, 'reportNoShow', provider)).code).toBe(ERROR_CODES.noShowNeedsCallAttempt.code);

    expect((await callAttempt(fixture.customer.token)).code).toBe(ERROR_CODES.forbidden.code);
    expect((await callAttempt(fixture.resting.token)).code).toBe(ERROR_CODES.notFound.code);
    const called = await callAttempt(provider);
    expect(called.data.callAttempts).toBe(1);
    clock.advance(14 * MINUTE);
    const tooEarly = await step(id, 'reportNoShow', provider);
    expect(tooEarly.code).toBe(ERROR_CODES.noShowTooEarly.code);
    expect(tooEarly.msg).toContain('1');
    expect((await detail(id)).data.status).toBe('arrived');

    clock.advance(MINUTE);
    expect((await detail(id, provider)).data.allowedTransitions).toContain('reportNoShow');
    const reported = await step(id, 'reportNoShow', provider);
    expect(reported.data.status).toBe('refunding');
    expect(reported.data.settlement).toMatchObject({ stage: 'afterArrival', paid: 2500 });
    expect(reported.data.settlement.kept.map((line: { reason: string }) => line.reason)).toEqual(
      expect.arrayContaining(['travelFee', 'managementFee', 'turnAwayShare']),
    );
  });
});
