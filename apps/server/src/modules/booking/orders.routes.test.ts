import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq, sql } from 'drizzle-orm';
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
import { cityBookingSettings, serviceProjects, storeStaff, therapistProjects } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createGeoModule } from '../geo';
import { createTopicAccess } from '../realtime';
import { createBookingModule } from './index';

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
    // Its own topic access: the app's already has the `order:` prefix declared.
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

let fixture: {
  projectId: number;
  cityId: number;
  therapist: Awaited<ReturnType<typeof createTherapist>>;
  other: Awaited<ReturnType<typeof createTherapist>>;
  resting: Awaited<ReturnType<typeof createTherapist>>;
  closedCityTherapist: Awaited<ReturnType<typeof createTherapist>>;
  closedCityProjectId: number;
  storeId: number;
  customer: { token: string; id: number; phone: { areaCode: string; phone: string } };
  stranger: { token: string; id: number };
  staff: { token: string };
  addressId: number;
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
  // A city that charges: travel from 300 cents, a 200-cent management fee.
  await database.db
    .insert(cityBookingSettings)
    .values({ cityId: city.id, settings: { travelStartingPrice: 300, managementFeeFixed: 200 } });
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const other = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const resting = await createTherapist(app, database, {
    cityId: city.id,
    projectId: project.id,
    state: 'resting',
  });
  const closedCityTherapist = await createTherapist(app, database, {
    cityId: closedCity.id,
    projectId: closedCityProject.id,
  });
  const store = await createStore(database, city.id, project.id);
  const customer = await registerUser(app);
  const stranger = await registerUser(app);
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  fixture = {
    projectId: project.id,
    cityId: city.id,
    therapist,
    other,
    resting,
    closedCityTherapist,
    closedCityProjectId: closedCityProject.id,
    storeId: store.id,
    customer: { token: customer.token, id: customer.user.id, phone: customer.phone },
    stranger: { token: stranger.token, id: stranger.user.id },
    staff: { token: staff.token },
    addressId: await newAddress(customer.token),
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

async function book(overrides: Record<string, unknown> = {}, token = fixture.customer.token) {
  const response = await call(app, {
    method: 'POST',
    url: '/app/orders/home-visit',
    token,
    payload: homeVisit(overrides),
  });
  return response.json();
}

const step = async (id: number, transition: string, token: string, extra: Record<string, unknown> = {}) =>
  (
    await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/transitions`,
      token,
      payload: { transition, ...extra },
    })
  ).json();
/**
 * What the last mile's rules ask of a step: arriving checks in by position at the address (the
 * fixture's address), ending this long before the booked end needs a reason.
 */
const LAST_MILE: Record<string, Record<string, unknown>> = {
  arrive: { position: { lat: addressBody().lat, lng: addressBody().lng } },
  end: { reason: 'The customer asked to stop early' },
};
const detail = async (id: number, token = fixture.customer.token) =>
  (await call(app, { method: 'GET', url: `/app/orders/${id}`, token })).json();

describe('booking a home visit', () => {
  it('stores the server-computed quote and waits in pending payment; a total sent by the client is ignored', async () => {
    const body = await book({ startsAt: at(25, '10:00'), total: 1, payable: 1, quote: { payable: 1 } });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      status: 'pendingPayment',
      statusCode: 10,
      kind: 'homeVisit',
      payable: 2500,
      currency: 'USD',
      quote: { service: 2000, travelFee: 300, managementFee: 200, vat: 0, total: 2500, payable: 2500 },
      allowedTransitions: ['cancel'],
    });
    expect(body.data.timeline).toEqual([
      expect.objectContaining({ from: null, to: 'pendingPayment', actor: 'customer', transition: 'create' }),
    ]);
    expect(body.data.distanceMetres).toBeGreaterThan(1000);
  });

  it('answers "time taken" for a start overlapping a live order of the therapist, and stores nothing', async () => {
    const first = await book({ startsAt: at(26, '14:00') });
    expect(first.code).toBe(0);
    const [before] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from orders`,
    );
    const overlapping = await book({ startsAt: at(26, '14:30') });
    expect(overlapping.code).toBe(ERROR_CODES.bookingTimeTaken.code);
    expect(overlapping.msg).toMatch(/taken/);
    const [after] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from orders`,
    );
    expect(after?.count).toBe(before?.count);
  });

  it.each([
    ['a past time', { startsAt: at(23, '10:00') }, ERROR_CODES.bookingTimeUnavailable.code],
    ['a time inside the lead time', { startsAt: at(24, '08:30') }, ERROR_CODES.bookingTimeUnavailable.code],
    ['a time off the 15-minute grid', { startsAt: at(27, '10:07') }, ERROR_CODES.bookingTimeUnavailable.code],
    ['a time outside working hours', { startsAt: at(27, '20:30') }, ERROR_CODES.bookingTimeUnavailable.code],
    [
      'a time beyond the 7-day horizon',
      { startsAt: at(30, '10:00').replace('11-30', '12-09') },
      ERROR_CODES.bookingTimeUnavailable.code,
    ],
    ['an unknown project', { projectId: 999_999 }, ERROR_CODES.projectUnavailable.code],
    ['0 clocks', { clocks: 0 }, ERROR_CODES.validationFailed.code],
    ['no accepted agreement', { agreeTerms: false }, ERROR_CODES.validationFailed.code],
    ['an address beyond the service radius', {}, ERROR_CODES.beyondServiceRadius.code],
  ])('refuses %s with a localised error', async (_name, overrides, code) => {
    const payload = _name.includes('radius') ? { addressId: fixture.farAddressId } : overrides;
    const body = await book({ startsAt: at(27, '11:00'), ...payload });
    expect(body.code).toBe(code);
    expect(body.msg).not.toBe('');
  });

  it('refuses a resting therapist with "provider cannot take order", in Khmer too', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/app/orders/home-visit',
      token: fixture.customer.token,
      headers: { lang: 'km-KH' },
      payload: homeVisit({ therapistId: fixture.resting.therapistId }),
    });
    expect(response.json().code).toBe(ERROR_CODES.therapistCannotTakeOrder.code);
    expect(response.json().msg).toMatch(/[\u1780-\u17FF]/);
  });

  it('refuses a therapist of a closed city with "city not open"', async () => {
    const body = await book({
      therapistId: fixture.closedCityTherapist.therapistId,
      projectId: fixture.closedCityProjectId,
    });
    expect(body.code).toBe(ERROR_CODES.cityNotOpen.code);
  });

  it("answers someone else's address as not found", async () => {
    const body = await book({ addressId: fixture.strangersAddressId });
    expect(body.code).toBe(ERROR_CODES.notFound.code);
  });

  it('books a store visit with a verification code and no travel fee', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/app/orders/in-store',
      token: fixture.customer.token,
      payload: {
        storeId: fixture.storeId,
        projectId: fixture.projectId,
        clocks: 2,
        startsAt: at(25, '15:00'),
        agreeTerms: true,
      },
    });
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      kind: 'inStore',
      status: 'pendingPayment',
      quote: { travelFee: 0, service: 4000 },
    });
    expect(body.data.verificationCode).toMatch(/^\d{6}$/);
    const outside = await call(app, {
      method: 'POST',
      url: '/app/orders/in-store',
      token: fixture.customer.token,
      payload: {
        storeId: fixture.storeId,
        projectId: fixture.projectId,
        clocks: 1,
        startsAt: at(25, '09:00'),
        agreeTerms: true,
      },
    });
    expect(outside.json().code).toBe(ERROR_CODES.bookingTimeUnavailable.code);
  });
});

describe('the store counter', () => {
  it('lists its in-store orders, prepares one and marks it consumed by the customer’s code; other stores cannot', async () => {
    const counter = await registerUser(app);
    await grantRoles(app, database, counter.user.id, ['merchant']);
    await database.db.insert(storeStaff).values({ storeId: fixture.storeId, userId: counter.user.id });
    const elsewhere = await registerUser(app);
    await grantRoles(app, database, elsewhere.user.id, ['merchant']);

    const booked = (
      await call(app, {
        method: 'POST',
        url: '/app/orders/in-store',
        token: fixture.customer.token,
        payload: {
          storeId: fixture.storeId,
          projectId: fixture.projectId,
          clocks: 1,
          startsAt: at(26, '18:00'),
          agreeTerms: true,
        },
      })
    ).json().data;
    await payments.systemTransition(booked.id, 'pay');
    const listed = (
      await call(app, { method: 'GET', url: '/app/store/orders', token: counter.token })
    ).json();
    const mine = listed.data.items.find((item: { id: number }) => item.id === booked.id);
    expect(mine).toMatchObject({ status: 'toBeUsed', verificationCode: null });
    expect(mine.allowedTransitions).toEqual(['prepare', 'consume', 'cancel']);
    expect((await step(booked.id, 'prepare', counter.token)).data.status).toBe('preparing');

    const consume = (token: string, code: string) =>
      call(app, { method: 'POST', url: '/app/store/orders/consume', token, payload: { code } });
    const wrongCode = booked.verificationCode === '000000' ? '000001' : '000000';
    expect((await consume(counter.token, wrongCode)).json().code).toBe(ERROR_CODES.notFound.code);
    expect((await consume(elsewhere.token, booked.verificationCode)).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await detail(booked.id, elsewhere.token)).code).toBe(ERROR_CODES.notFound.code);
    const consumed = await consume(counter.token, booked.verificationCode);
    expect(consumed.json().data.status).toBe('consumed');
    expect((await consume(counter.token, booked.verificationCode)).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
  });
});

describe('a retried booking', () => {
  it('is answered once for the same Idempotency-Key, and books one order', async () => {
    const send = () =>
      call(app, {
        method: 'POST',
        url: '/app/orders/home-visit',
        token: fixture.customer.token,
        headers: { 'idempotency-key': 'booking-retry-1' },
        payload: homeVisit({ startsAt: at(26, '18:00') }),
      });
    const first = await send();
    const second = await send();
    expect(first.json().code).toBe(0);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    const [count] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from orders where order_number = ${first.json().data.orderNumber}`,
    );
    expect(count?.count).toBe(1);
  });
});

describe('free starts', () => {
  it('offers the grid inside working hours and leaves out the time a live order holds', async () => {
    const url = `/app/availability/free-starts?therapistId=${fixture.therapist.therapistId}&projectId=${fixture.projectId}&date=2026-11-28&addressId=${fixture.addressId}`;
    const before = (await call(app, { method: 'GET', url, token: fixture.customer.token })).json();
    expect(before.code).toBe(0);
    expect(before.data[0].localTime).toBe('09:00');
    expect(before.data.at(-1).localTime).toBe('20:00');
    expect(before.data.map((slot: { localTime: string }) => slot.localTime)).toContain('12:00');
    expect((await book({ startsAt: at(28, '12:00') })).code).toBe(0);
    const after = (await call(app, { method: 'GET', url, token: fixture.customer.token })).json();
    const times = after.data.map((slot: { localTime: string }) => slot.localTime);
    expect(times).not.toContain('12:00');
    expect(times).not.toContain('11:30');
    expect(times).toContain('09:00');
    const strangers = await call(app, { method: 'GET', url, token: fixture.stranger.token });
    expect(strangers.json().code).toBe(ERROR_CODES.notFound.code);
  });
});

describe('the order lifecycle', () => {
  it("answers someone else's order as not found on every route", async () => {
    const order = await book({ startsAt: at(29, '09:00') });
    const id = order.data.id;
    expect((await detail(id, fixture.stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await step(id, 'cancel', fixture.stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    const preview = await call(app, {
      method: 'GET',
      url: `/app/orders/${id}/cancellation`,
      token: fixture.stranger.token,
    });
    expect(preview.json().code).toBe(ERROR_CODES.notFound.code);
    expect((await detail(id)).data.status).toBe('pendingPayment');
  });

  it('cancels an unpaid order once; cancelling twice is refused and changes nothing', async () => {
    const order = await book({ startsAt: at(29, '11:00') });
    const preview = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.data.id}/cancellation`,
      token: fixture.customer.token,
    });
    expect(preview.json().data).toMatchObject({ paid: 0, keptTotal: 0, refund: 0 });
    const cancelled = await step(order.data.id, 'cancel', fixture.customer.token);
    expect(cancelled.data.status).toBe('cancelled');
    const again = await step(order.data.id, 'cancel', fixture.customer.token);
    expect(again.code).toBe(ERROR_CODES.orderTransitionIllegal.code);
    const after = await detail(order.data.id);
    expect(after.data.status).toBe('cancelled');
    expect(after.data.timeline).toHaveLength(2);
    // The cancelled order no longer holds the time: the same start can be booked again.
    expect((await book({ startsAt: at(29, '11:00') })).code).toBe(0);
  });

  it('refuses an illegal step and a step that belongs to someone else, state unchanged', async () => {
    const order = await book({ startsAt: at(29, '14:00') });
    const id = order.data.id;
    expect((await step(id, 'depart', fixture.therapist.token)).code).toBe(
      ERROR_CODES.orderTransitionIllegal.code,
    );
    expect((await step(id, 'expire', fixture.customer.token)).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    expect((await step(id, 'pay', fixture.customer.token)).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    const after = await detail(id);
    expect(after.data.status).toBe('pendingPayment');
    expect(after.data.timeline).toHaveLength(1);
  });

  it('runs accept, depart, arrive, start and end with a timeline row for each; urging twice says already sent', async () => {
    const order = await book({ startsAt: at(30, '10:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    const provider = fixture.therapist.token;
    const waiting = await detail(id, provider);
    expect(waiting.data.allowedTransitions).toEqual(['accept', 'decline']);
    // Until acceptance the provider sees neither the door nor the phone.
    expect(waiting.data.contactPhone).toBe('');
    expect(waiting.data.address).not.toHaveProperty('houseNumber');

    const incoming = (
      await call(app, { method: 'GET', url: '/app/provider/orders?view=incoming', token: provider })
    ).json();
    expect(incoming.data.items.map((item: { id: number }) => item.id)).toContain(id);
    expect(incoming.data.items.every((item: { contactPhone: string }) => item.contactPhone === '')).toBe(
      true,
    );
    const notMine = await call(app, {
      method: 'GET',
      url: '/app/provider/orders',
      token: fixture.customer.token,
    });
    expect(notMine.json().code).toBe(ERROR_CODES.forbidden.code);

    const urged = await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/urge`,
      token: fixture.customer.token,
    });
    expect(urged.json().data.urged).toBe(true);
    const urgedAgain = await call(app, {
      method: 'POST',
      url: `/app/orders/${id}/urge`,
      token: fixture.customer.token,
    });
    expect(urgedAgain.json().code).toBe(ERROR_CODES.orderAlreadyUrged.code);

    for (const [transition, status] of [
      ['accept', 'accepted'],
      ['depart', 'departed'],
      ['arrive', 'arrived'],
      ['start', 'inService'],
      ['end', 'serviceEnded'],
    ] as const) {
      const moved = await step(id, transition, provider, LAST_MILE[transition]);
      expect(moved.code, transition).toBe(0);
      expect(moved.data.status).toBe(status);
      if (transition === 'accept') {
        const accepted = (
          await call(app, { method: 'GET', url: '/app/provider/orders?view=schedule', token: provider })
        ).json();
        expect(accepted.data.items.map((item: { id: number }) => item.id)).toContain(id);
        // Accepted: the provider now sees the door and the phone.
        expect(moved.data.contactPhone).toMatch(/^\+855/);
      }
    }
    const final = await detail(id);
    const schedule = (
      await call(app, { method: 'GET', url: '/app/provider/orders?view=schedule', token: provider })
    ).json();
    expect(schedule.data.items.map((item: { id: number }) => item.id)).not.toContain(id);
    expect(final.data.timeline.map((row: { to: string }) => row.to)).toEqual([
      'pendingPayment',
      'waitingAcceptance',
      'accepted',
      'departed',
      'arrived',
      'inService',
      'serviceEnded',
    ]);
    expect(final.data.allowedActions).toEqual(expect.arrayContaining(['rebook', 'complain']));
    expect(final.data.contactPhone).toMatch(/^\+855/);
  });

  it('shows the exact deduction after acceptance and records the same settlement on confirmation', async () => {
    const order = await book({ startsAt: at(30, '14:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    await step(id, 'accept', fixture.therapist.token);
    const preview = (
      await call(app, { method: 'GET', url: `/app/orders/${id}/cancellation`, token: fixture.customer.token })
    ).json().data;
    expect(preview).toMatchObject({ stage: 'afterAcceptance', paid: 2500, keptTotal: 500, refund: 2000 });
    expect(preview.kept).toEqual([
      { reason: 'travelFee', keptBy: 'provider', amount: 300 },
      { reason: 'managementFee', keptBy: 'platform', amount: 200 },
    ]);
    const cancelled = await step(id, 'cancel', fixture.customer.token, { reason: 'changed my mind' });
    expect(cancelled.data.status).toBe('refunding');
    expect(cancelled.data.settlement).toEqual(preview);
  });

  it('lets staff follow and cancel any order without the fee; lists mine by tab with paging', async () => {
    const order = await book({ startsAt: at(30, '17:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    const unexplained = await step(id, 'cancel', fixture.staff.token, { waiveFee: true });
    expect(unexplained.code).toBe(ERROR_CODES.staffReasonRequired.code);
    const byNumber = await call(app, {
      method: 'GET',
      url: `/app/staff/orders?orderNumber=${order.data.orderNumber}`,
      token: fixture.staff.token,
    });
    expect(byNumber.json().data.map((found: { id: number }) => found.id)).toEqual([id]);
    const byPhone = await call(app, {
      method: 'GET',
      url: `/app/staff/orders?areaCode=${fixture.customer.phone.areaCode}&phone=${encodeURIComponent(fixture.customer.phone.phone)}`,
      token: fixture.staff.token,
    });
    expect(byPhone.json().data.map((found: { id: number }) => found.id)).toContain(id);
    const notStaff = await call(app, {
      method: 'GET',
      url: `/app/staff/orders?orderNumber=${order.data.orderNumber}`,
      token: fixture.customer.token,
    });
    expect(notStaff.json().code).toBe(ERROR_CODES.forbidden.code);
    const cancelled = await step(id, 'cancel', fixture.staff.token, {
      reason: 'customer called',
      waiveFee: true,
    });
    expect(cancelled.data.timeline.at(-1)).toMatchObject({ actor: 'staff', reason: 'customer called' });
    expect(cancelled.data).toMatchObject({ status: 'refunding', settlement: { keptTotal: 0, refund: 2500 } });
    const ongoing = (
      await call(app, {
        method: 'GET',
        url: '/app/orders?tab=ongoing&pageSize=1',
        token: fixture.customer.token,
      })
    ).json();
    expect(ongoing.data.items).toHaveLength(1);
    expect(ongoing.data.hasMore).toBe(true);
    const none = (
      await call(app, { method: 'GET', url: '/app/orders', token: fixture.stranger.token })
    ).json();
    expect(none.data.items).toEqual([]);
  });

  it('lets only the customer, the provider and staff follow the order topic', async () => {
    const order = await book({ startsAt: at(30, '19:00') });
    const id = String(order.data.id);
    const user = (userId: number, roles: string[] = ['customer']) =>
      ({ id: userId, roles, sessionId: 1 }) as never;
    expect(await payments.canFollow(user(fixture.customer.id), id)).toBe(true);
    expect(await payments.canFollow(user(fixture.therapist.userId, ['provider']), id)).toBe(true);
    expect(await payments.canFollow(user(fixture.stranger.id), id)).toBe(false);
    expect(await payments.canFollow(user(fixture.stranger.id, ['customer_service']), id)).toBe(true);
    expect(await payments.canFollow(user(fixture.customer.id), 'x')).toBe(false);
  });

  it('holds exactly the live statuses in the exclusion constraint', async () => {
    const [row] = await queryRows<{ definition: string }>(
      database.db,
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'orders_no_double_booking'`,
    );
    const codes = [
      ...(row?.definition.match(/ANY \(ARRAY\[(.*?)\]/)?.[1] ?? row?.definition ?? '').matchAll(/\d+/g),
    ]
      .map((match) => Number(match[0]))
      .filter((code) => code >= 10);
    expect(row?.definition).toContain('gist');
    expect(codes.sort((a, b) => a - b)).toEqual([...LIVE_STATUS_CODES].sort((a, b) => a - b));
  });
});

describe('paths that write busy time', () => {
  async function inService(startsAt: string) {
    const order = await book({ startsAt });
    const id = order.data.id as number;
    await payments.systemTransition(id, 'pay');
    for (const transition of ['accept', 'depart', 'arrive', 'start']) {
      expect(
        (await step(id, transition, fixture.therapist.token, LAST_MILE[transition])).code,
        transition,
      ).toBe(0);
    }
    return id;
  }
  const reassign = async (id: number, therapistId: number, token = fixture.customer.token) =>
    (
      await call(app, { method: 'POST', url: `/app/orders/${id}/reassign`, token, payload: { therapistId } })
    ).json();
  const extraClocks = async (id: number, count: number) =>
    (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${id}/extra-clocks`,
        token: fixture.customer.token,
        payload: { count },
      })
    ).json();

  it('gives a declined order to another free provider in one step; the one who declined no longer sees it', async () => {
    const order = await book({ startsAt: at(26, '09:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    await step(id, 'decline', fixture.therapist.token);
    expect((await step(id, 'reassign', fixture.customer.token)).code).toBe(
      ERROR_CODES.orderTransitionIllegal.code,
    );
    const moved = await reassign(id, fixture.other.therapistId);
    expect(moved.code).toBe(0);
    expect(moved.data).toMatchObject({ status: 'waitingAcceptance', therapistId: fixture.other.therapistId });
    expect(moved.data.adjustments).toEqual([
      expect.objectContaining({ kind: 'travelDifference', amount: 0 }),
    ]);
    expect((await detail(id, fixture.therapist.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await step(id, 'accept', fixture.other.token)).data.status).toBe('accepted');
  });

  it('refuses a reassignment to a provider busy at that time with "time taken", state unchanged', async () => {
    expect((await book({ startsAt: at(28, '10:00'), therapistId: fixture.other.therapistId })).code).toBe(0);
    const order = await book({ startsAt: at(28, '10:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    await step(id, 'decline', fixture.therapist.token);
    expect((await reassign(id, fixture.other.therapistId)).code).toBe(ERROR_CODES.bookingTimeTaken.code);
    expect((await detail(id)).data).toMatchObject({
      status: 'reassigning',
      therapistId: fixture.therapist.therapistId,
    });
    expect((await reassign(id, fixture.resting.therapistId)).code).toBe(
      ERROR_CODES.therapistCannotTakeOrder.code,
    );
  });

  it('changes the project: the end follows the new length, a dearer one is charged, a collision is "time taken"', async () => {
    expect((await book({ startsAt: at(26, '11:00') })).code).toBe(0);
    const long = await createProject(database, fixture.cityId);
    await database.db
      .update(serviceProjects)
      .set({ durationMinutes: 120, price: 3500, memberPrice: 3000 })
      .where(eq(serviceProjects.id, long.id));
    await database.db
      .insert(therapistProjects)
      .values({ therapistId: fixture.therapist.therapistId, projectId: long.id });
    const change = async (id: number, projectId: number) =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/orders/${id}/project`,
          token: fixture.customer.token,
          payload: { projectId },
        })
      ).json();

    const [mine] = (
      await call(app, {
        method: 'GET',
        url: '/app/orders?tab=pendingPayment&pageSize=1',
        token: fixture.customer.token,
      })
    ).json().data.items;
    expect(mine.startsAt).toBe(at(26, '11:00'));
    expect((await change(mine.id, long.id)).code).toBe(ERROR_CODES.orderTransitionIllegal.code);
    await payments.systemTransition(mine.id, 'pay');
    const longer = await change(mine.id, long.id);
    expect(longer.data).toMatchObject({ projectId: long.id, endsAt: at(26, '13:00') });
    expect(longer.data.adjustments.at(-1)).toMatchObject({ kind: 'projectChange', charge: 1500 });
    const shorter = await change(mine.id, fixture.projectId);
    expect(shorter.data).toMatchObject({ projectId: fixture.projectId, endsAt: at(26, '12:00') });
    expect(shorter.data.adjustments.at(-1)).toMatchObject({ kind: 'projectChange', charge: 0 });
    expect((await change(mine.id, 999_999)).code).toBe(ERROR_CODES.projectUnavailable.code);

    const first = await book({ startsAt: at(27, '17:00') });
    expect((await book({ startsAt: at(27, '18:30') })).code).toBe(0);
    await payments.systemTransition(first.data.id, 'pay');
    expect((await change(first.data.id, long.id)).code).toBe(ERROR_CODES.bookingTimeTaken.code);
    expect((await detail(first.data.id)).data).toMatchObject({
      projectId: fixture.projectId,
      endsAt: at(27, '18:00'),
    });
  });

  it('adds extra clocks in service up to the limit, and refuses one that runs into the next order', async () => {
    const id = await inService(at(27, '13:00'));
    const added = await extraClocks(id, 1);
    expect(added.data).toMatchObject({ extraClocks: 1, endsAt: at(27, '14:30') });
    expect(added.data.adjustments).toEqual([
      expect.objectContaining({ kind: 'extraClocks', count: 1, payable: 1000 }),
    ]);
    expect((await extraClocks(id, 4)).code).toBe(ERROR_CODES.extraClockLimit.code);

    expect((await book({ startsAt: at(27, '15:00') })).code).toBe(0);
    const collides = await extraClocks(id, 1);
    expect(collides.code).toBe(ERROR_CODES.bookingTimeTaken.code);
    expect((await detail(id)).data).toMatchObject({ extraClocks: 1, endsAt: at(27, '14:30') });
  });
});

describe('time-driven rules (fixed clock)', () => {
  it('expires an unpaid order after 15 minutes and auto-declines an unanswered one after 3', async () => {
    const unpaid = await book({ startsAt: at(27, '09:00') });
    expect(unpaid.code).toBe(0);
    const paid = await book({ startsAt: at(30, '12:00') });
    await payments.systemTransition(paid.data.id, 'pay');

    clock.advance(3 * MINUTE);
    while ((await app.jobs.runDue()) > 0);
    expect((await detail(paid.data.id)).data.status).toBe('reassigning');
    expect((await detail(unpaid.data.id)).data.status).toBe('pendingPayment');

    clock.advance(12 * MINUTE);
    while ((await app.jobs.runDue()) > 0);
    const expired = await detail(unpaid.data.id);
    expect(expired.data.status).toBe('expired');
    expect(expired.data.timeline.at(-1)).toMatchObject({ actor: 'system', transition: 'expire' });
    // A declined order was never left to expire: its own history has no expiry.
    expect(
      (await detail(paid.data.id)).data.timeline.map((row: { transition: string }) => row.transition),
    ).toEqual(['create', 'pay', 'autoDecline']);
  });

  it('refunds in full a customer who chose no other provider within 30 minutes of a decline', async () => {
    const order = await book({ startsAt: at(28, '16:00') });
    await payments.systemTransition(order.data.id, 'pay');
    const declined = await step(order.data.id, 'decline', fixture.therapist.token, { reason: 'too far' });
    expect(declined.data.status).toBe('reassigning');
    clock.advance(29 * MINUTE);
    while ((await app.jobs.runDue()) > 0);
    expect((await detail(order.data.id)).data.status).toBe('reassigning');
    clock.advance(MINUTE);
    while ((await app.jobs.runDue()) > 0);
    const refunded = await detail(order.data.id);
    expect(refunded.data).toMatchObject({
      status: 'refunding',
      settlement: { stage: 'free', keptTotal: 0, refund: 2500 },
    });
  });

  it('ends a forgotten service 60 minutes after its booked end, then completes it 72 hours later without a review', async () => {
    const order = await book({ startsAt: at(29, '17:00') });
    const id = order.data.id;
    await payments.systemTransition(id, 'pay');
    for (const transition of ['accept', 'depart', 'arrive', 'start']) {
      expect(
        (await step(id, transition, fixture.therapist.token, LAST_MILE[transition])).code,
        transition,
      ).toBe(0);
    }
    const autoEndAt = Date.parse(at(29, '19:00'));
    clock.advance(autoEndAt - clock.now().getTime() - MINUTE);
    while ((await app.jobs.runDue()) > 0);
    expect((await detail(id)).data.status).toBe('inService');
    clock.advance(MINUTE);
    while ((await app.jobs.runDue()) > 0);
    expect((await detail(id)).data.status).toBe('pendingReview');
    clock.advance(72 * 60 * MINUTE);
    while ((await app.jobs.runDue()) > 0);
    const completed = await detail(id);
    expect(completed.data.status).toBe('completed');
    expect(completed.data.timeline.slice(-3).map((row: { transition: string }) => row.transition)).toEqual([
      'autoEnd',
      'awaitReview',
      'autoComplete',
    ]);
  });
});

describe('events', () => {
  it('writes each step to the outbox for the order page and both parties', async () => {
    const [event] = await queryRows<{ topics: string[]; event_type: string }>(
      database.db,
      sql`select topics, event_type from outbox_events where aggregate_type = 'order' and event_type = 'order.statusChanged' order by id desc limit 1`,
    );
    expect(event?.topics).toEqual(expect.arrayContaining([`user:${fixture.therapist.userId}`]));
    expect(event?.topics.some((topic) => topic.startsWith('order:'))).toBe(true);
  });
});
