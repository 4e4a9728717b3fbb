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
import { serviceProjects, therapists } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

// The free starts read the therapist, the project, the caller's address and the schedule in one
// statement (decision 077): each refusal still comes from the fact it names, in the same order.
const { app, database } = await createTestApp({ clock: fixedClock(BOOKING_NOW) });
const DATE = '2026-11-26';
let projectId: number;
let otherProjectId: number;
let inactiveProjectId: number;
const ids = { available: 0, banned: 0, resting: 0, closedCity: 0 };
let customer: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let addressId: number;

beforeAll(async () => {
  const city = await createCity(database);
  const closed = await createCity(database, 'closed');
  projectId = (await createProject(database, city.id)).id;
  otherProjectId = (await createProject(database, city.id)).id;
  inactiveProjectId = (await createProject(database, city.id)).id;
  await database.db
    .update(serviceProjects)
    .set({ isActive: false })
    .where(eq(serviceProjects.id, inactiveProjectId));
  ids.available = (await createTherapist(app, database, { cityId: city.id, projectId })).therapistId;
  ids.banned = (await createTherapist(app, database, { cityId: city.id, projectId })).therapistId;
  await database.db.update(therapists).set({ isBanned: true }).where(eq(therapists.id, ids.banned));
  ids.resting = (
    await createTherapist(app, database, { cityId: city.id, projectId, state: 'resting' })
  ).therapistId;
  ids.closedCity = (await createTherapist(app, database, { cityId: closed.id, projectId })).therapistId;
  customer = await registerUser(app);
  stranger = await registerUser(app);
  addressId = (
    await call(app, { method: 'POST', url: '/app/addresses', token: customer.token, payload: addressBody() })
  ).json().data.id;
});

const freeStarts = async (
  query: { therapistId: number; projectId?: number; addressId?: number },
  token?: string,
) => {
  const params = new URLSearchParams({
    therapistId: String(query.therapistId),
    projectId: String(query.projectId ?? projectId),
    date: DATE,
  });
  if (query.addressId !== undefined) params.set('addressId', String(query.addressId));
  const response = await call(app, { method: 'GET', url: `/app/availability/free-starts?${params}`, token });
  return response.json() as { code: number; data: { localTime: string; travelMinutes: number }[] };
};

describe('free starts: who and what is asked for', () => {
  it('answers an available therapist, travel from the therapist’s base without an address', async () => {
    const { code, data } = await freeStarts({ therapistId: ids.available });
    expect(code).toBe(0);
    expect(data[0]).toMatchObject({ localTime: '09:00', travelMinutes: 0 });
  });

  it('counts the travel to the caller’s own address, and no one else’s', async () => {
    const own = await freeStarts({ therapistId: ids.available, addressId }, customer.token);
    expect(own.code).toBe(0);
    expect(own.data[0]?.travelMinutes).toBeGreaterThan(0);
    const strangers = await freeStarts({ therapistId: ids.available, addressId }, stranger.token);
    expect(strangers.code).toBe(ERROR_CODES.notFound.code);
    const guests = await freeStarts({ therapistId: ids.available, addressId });
    expect(guests.code).toBe(ERROR_CODES.notFound.code);
  });

  it('refuses an unknown or banned therapist, a closed city, a project not offered or inactive', async () => {
    expect((await freeStarts({ therapistId: 999_999_999 })).code).toBe(ERROR_CODES.notFound.code);
    expect((await freeStarts({ therapistId: ids.banned })).code).toBe(ERROR_CODES.notFound.code);
    expect((await freeStarts({ therapistId: ids.closedCity })).code).toBe(ERROR_CODES.cityNotOpen.code);
    const unavailable = ERROR_CODES.projectUnavailable.code;
    expect((await freeStarts({ therapistId: ids.available, projectId: otherProjectId })).code).toBe(
      unavailable,
    );
    expect((await freeStarts({ therapistId: ids.available, projectId: inactiveProjectId })).code).toBe(
      unavailable,
    );
    expect((await freeStarts({ therapistId: ids.available, projectId: 999_999_999 })).code).toBe(unavailable);
  });

  it('answers a resting therapist with no starts, before judging the project or the address', async () => {
    expect(await freeStarts({ therapistId: ids.resting })).toEqual(
      expect.objectContaining({ code: 0, data: [] }),
    );
    const notOffered = await freeStarts({ therapistId: ids.resting, projectId: otherProjectId, addressId });
    expect(notOffered).toEqual(expect.objectContaining({ code: 0, data: [] }));
  });
});
