import { testConfig } from '../src/config/env';
import { cityBookingSettings } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { createBookingModule } from '../src/modules/booking';
import { createGeoModule } from '../src/modules/geo';
import { createLocalEventBus, createTopicAccess, type RealtimeEvent } from '../src/modules/realtime';
import { addressBody, BOOKING_NOW, createCity, createProject, createTherapist } from './booking-fixtures';
import { call, grantRoles, registerUser } from './identity-helpers';
import { createTestApp, type TestAppOptions } from './test-app';

/** A local Phnom Penh time (UTC+7) on a day of November 2026, as an ISO instant. */
export const at = (day: number, time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, day, hours - 7, minutes)).toISOString();
};

export const MINUTE = 60_000;

/**
 * The real app on a private database under a fixed clock, with a city, a project, two therapists, a
 * customer with an address and everything published on the realtime bus recorded; `settle()` does
 * what the background work would (dispatch committed events, run due jobs) until nothing is left.
 */
export async function createOrderScenario(
  citySettings: Record<string, unknown> = {},
  /** The app's configuration beyond the tests' defaults (e.g. a longer push timeout). */
  config: TestAppOptions['config'] = {},
) {
  const clock = fixedClock(BOOKING_NOW);
  const bus = createLocalEventBus();
  const published: RealtimeEvent[] = [];
  bus.subscribe((event) => published.push(event));
  const { app, database } = await createTestApp({ clock, bus, config });
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

  const city = await createCity(database);
  const project = await createProject(database, city.id);
  await database.db.insert(cityBookingSettings).values({ cityId: city.id, settings: citySettings });
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const other = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const customer = await registerUser(app);
  const stranger = await registerUser(app);
  const address = (
    await call(app, { method: 'POST', url: '/app/addresses', token: customer.token, payload: addressBody() })
  ).json();
  if (address.code !== 0) throw new Error(JSON.stringify(address));

  async function settle() {
    for (let round = 0; round < 50; round++) {
      const dispatched = await app.outbox.dispatchPending();
      let ran = 0;
      for (let count = await app.jobs.runDue(); count > 0; count = await app.jobs.runDue()) ran += count;
      if (!dispatched && !ran) return;
    }
    throw new Error('events and jobs did not settle');
  }

  /** A staff login made now (staff sessions are short: a test that moves the clock far makes a new one). */
  async function staffToken() {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);
    return staff.token;
  }

  const book = async (startsAt: string, therapistId = therapist.therapistId) => {
    const body = (
      await call(app, {
        method: 'POST',
        url: '/app/orders/home-visit',
        token: customer.token,
        payload: {
          therapistId,
          projectId: project.id,
          clocks: 1,
          startsAt,
          addressId: address.data.id,
          travelMode: 'tukTuk',
          remark: '',
          agreeTerms: true,
        },
      })
    ).json();
    if (body.code !== 0) throw new Error(JSON.stringify(body));
    return body.data as { id: number; orderNumber: string; travelMinutes: number };
  };

  /**
   * One step as the app makes it. The last mile's rules (decision 028) ask the provider to check in
   * by position at the door and to give a reason for ending early: the scenario does both unless
   * the test says otherwise in `extra`.
   */
  const LAST_MILE: Record<string, Record<string, unknown>> = {
    arrive: { position: { lat: addressBody().lat, lng: addressBody().lng } },
    end: { reason: 'The customer asked to stop early' },
  };
  const step = async (id: number, transition: string, token: string, extra: Record<string, unknown> = {}) =>
    (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${id}/transitions`,
        token,
        payload: { transition, ...LAST_MILE[transition], ...extra },
      })
    ).json();

  const get = async (url: string, token: string, headers: Record<string, string> = {}) =>
    (await call(app, { method: 'GET', url, token, headers })).json();

  return {
    app,
    database,
    clock,
    published,
    payments,
    city,
    project,
    therapist,
    other,
    customer: { token: customer.token, id: customer.user.id as number },
    stranger: { token: stranger.token, id: stranger.user.id as number },
    settle,
    staffToken,
    book,
    step,
    get,
  };
}
