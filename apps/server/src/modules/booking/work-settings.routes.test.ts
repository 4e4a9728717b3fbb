import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressBody,
  BOOKING_NOW,
  createCity,
  createProject,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { therapists } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

let fixture: {
  cityId: number;
  projectId: number;
  provider: Awaited<ReturnType<typeof createTherapist>>;
  customer: { token: string; id: number };
};

beforeAll(async () => {
  const city = await createCity(database);
  const project = await createProject(database, city.id);
  const provider = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const customer = await registerUser(app);
  fixture = {
    cityId: city.id,
    projectId: project.id,
    provider,
    customer: { token: customer.token, id: customer.user.id },
  };
});

const settings = (token: string) =>
  call(app, { method: 'GET', url: '/app/therapists/me/work-settings', token });
const setOnline = (token: string, isOnline: unknown) =>
  call(app, { method: 'PUT', url: '/app/therapists/me/work-status', token, payload: { isOnline } });
const setRadius = (token: string, serviceRadiusKm: unknown, lang = 'en-US') =>
  call(app, {
    method: 'PUT',
    url: '/app/therapists/me/service-radius',
    token,
    headers: { lang },
    payload: { serviceRadiusKm },
  });
const stateOf = async (therapistId: number) =>
  (await database.db.select().from(therapists).where(eq(therapists.id, therapistId)))[0];

/** A home visit the next day (10:00 Phnom Penh time by default), at an address 1.1 km away. */
async function book(token: string, startsAt = '2026-11-25T03:00:00.000Z') {
  const address = await call(app, { method: 'POST', url: '/app/addresses', token, payload: addressBody() });
  return (
    await call(app, {
      method: 'POST',
      url: '/app/orders/home-visit',
      token,
      payload: {
        therapistId: fixture.provider.therapistId,
        projectId: fixture.projectId,
        clocks: 1,
        startsAt,
        addressId: address.json().data.id,
        travelMode: 'tukTuk',
        agreeTerms: true,
      },
    })
  ).json();
}

describe('the workbench switches', () => {
  it('reads online, the radius with its bounds and the city’s time zone', async () => {
    const answer = (await settings(fixture.provider.token)).json();
    expect(answer).toMatchObject({
      code: 0,
      data: {
        therapistId: fixture.provider.therapistId,
        isOnline: true,
        serviceRadiusKm: 10,
        serviceRadiusMinKm: 1,
        serviceRadiusMaxKm: 50,
        cityId: fixture.cityId,
        timeZone: 'Asia/Phnom_Penh',
      },
    });
  });

  it('goes offline (resting: a booking is refused) and back online (bookable again)', async () => {
    const offline = (await setOnline(fixture.provider.token, false)).json();
    expect(offline.data.isOnline).toBe(false);
    expect((await stateOf(fixture.provider.therapistId))?.state).toBe('resting');
    expect((await book(fixture.customer.token)).code).toBe(ERROR_CODES.therapistCannotTakeOrder.code);

    const online = (await setOnline(fixture.provider.token, true)).json();
    expect(online.data.isOnline).toBe(true);
    expect((await stateOf(fixture.provider.therapistId))?.state).toBe('available');
    expect((await book(fixture.customer.token)).code).toBe(0);
  });

  it('refuses a suspended provider going online, and lets them go offline', async () => {
    const suspended = await createTherapist(app, database, {
      cityId: fixture.cityId,
      projectId: fixture.projectId,
      state: 'resting',
    });
    await database.db
      .update(therapists)
      .set({ isBanned: true })
      .where(eq(therapists.id, suspended.therapistId));
    expect((await setOnline(suspended.token, true)).json().code).toBe(ERROR_CODES.providerSuspended.code);
    expect((await stateOf(suspended.therapistId))?.state).toBe('resting');
    expect((await setOnline(suspended.token, false)).json().code).toBe(0);
  });

  it('sets the service radius within its bounds; out of bounds or not whole is refused in Khmer, unchanged', async () => {
    expect((await setRadius(fixture.provider.token, 25)).json().data.serviceRadiusKm).toBe(25);
    expect((await stateOf(fixture.provider.therapistId))?.serviceRadiusKm).toBe(25);
    for (const bad of [0, 51, 2.5, '10', null]) {
      const refused = (await setRadius(fixture.provider.token, bad, 'km-KH')).json();
      expect(refused.code).toBe(ERROR_CODES.validationFailed.code);
      expect(refused.msg).toMatch(/[\u1780-\u17FF]/);
    }
    expect((await stateOf(fixture.provider.therapistId))?.serviceRadiusKm).toBe(25);
  });

  it('is the provider’s own: a customer is refused, a provider login without a profile is not found', async () => {
    expect((await settings(fixture.customer.token)).json().code).toBe(ERROR_CODES.forbidden.code);
    expect((await setOnline(fixture.customer.token, true)).json().code).toBe(ERROR_CODES.forbidden.code);
    const { grantRoles } = await import('../../../test/identity-helpers');
    const bare = await registerUser(app);
    await grantRoles(app, database, bare.user.id, ['provider']);
    expect((await settings(bare.token)).json().code).toBe(ERROR_CODES.notFound.code);
    expect((await setRadius(bare.token, 5)).json().code).toBe(ERROR_CODES.notFound.code);
  });
});
