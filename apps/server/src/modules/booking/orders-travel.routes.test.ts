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
