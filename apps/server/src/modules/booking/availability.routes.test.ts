import { ERROR_CODES } from '@sabai/shared/error-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_NOW, createCity, createProject, createTherapist } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';

const { app, database } = await createTestApp({ clock: fixedClock(BOOKING_NOW) });
let therapist: Awaited<ReturnType<typeof createTherapist>>;
let projectId: number;

beforeAll(async () => {
  const city = await createCity(database);
  projectId = (await createProject(database, city.id)).id;
  therapist = await createTherapist(app, database, { cityId: city.id, projectId });
});

const startsOn = async (date: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/app/availability/free-starts?therapistId=${therapist.therapistId}&projectId=${projectId}&date=${date}`,
  });
  const body = response.json();
  expect(body.code).toBe(0);
  return body.data.map((slot: { localTime: string }) => slot.localTime) as string[];
};

describe('the therapist’s week', () => {
  it('is edited by the therapist: shifts, days off and time off shape the free starts anyone reads', async () => {
    expect((await startsOn('2026-11-26')).slice(0, 2)).toEqual(['09:00', '09:15']);
    const saved = await call(app, {
      method: 'PUT',
      url: '/app/therapists/me/schedule',
      token: therapist.token,
      payload: {
        // Thursday afternoons only, and Friday 27 November off.
        weeklyShifts: [
          { weekday: 4, start: '13:00', end: '18:00' },
          { weekday: 5, start: '09:00', end: '12:00' },
        ],
        daysOff: ['2026-11-27'],
      },
    });
    expect(saved.json()).toMatchObject({ code: 0, data: { daysOff: ['2026-11-27'] } });
    const thursday = await startsOn('2026-11-26');
    expect(thursday[0]).toBe('13:00');
    expect(thursday.at(-1)).toBe('17:00');
    expect(await startsOn('2026-11-27')).toEqual([]);

    const timeOff = await call(app, {
      method: 'POST',
      url: '/app/therapists/me/time-off',
      token: therapist.token,
      payload: { startsAt: '2026-11-26T07:00:00Z', endsAt: '2026-11-26T08:00:00Z', reason: 'doctor' },
    });
    expect(timeOff.json().data.timeOff).toHaveLength(1);
    // 14:00–15:00 local is off: no service (nor its 15-minute buffer) may overlap it.
    const withTimeOff = await startsOn('2026-11-26');
    expect(withTimeOff[0]).toBe('15:00');
    expect(withTimeOff).not.toContain('14:45');

    const removed = await call(app, {
      method: 'DELETE',
      url: `/app/therapists/me/time-off/${timeOff.json().data.timeOff[0].id}`,
      token: therapist.token,
    });
    expect(removed.json().data.timeOff).toEqual([]);
    expect(await startsOn('2026-11-26')).toContain('14:00');
  });

  it('is refused to customers and checked', async () => {
    const customer = await registerUser(app);
    const refused = await call(app, {
      method: 'PUT',
      url: '/app/therapists/me/schedule',
      token: customer.token,
      payload: { weeklyShifts: [], daysOff: [] },
    });
    expect(refused.json().code).toBe(ERROR_CODES.forbidden.code);
    const invalid = await call(app, {
      method: 'PUT',
      url: '/app/therapists/me/schedule',
      token: therapist.token,
      payload: { weeklyShifts: [{ weekday: 8, start: '25:00', end: '10:00' }], daysOff: [] },
    });
    expect(invalid.json().code).toBe(ERROR_CODES.validationFailed.code);
    const backwards = await call(app, {
      method: 'POST',
      url: '/app/therapists/me/time-off',
      token: therapist.token,
      payload: { startsAt: '2026-11-26T08:00:00Z', endsAt: '2026-11-26T07:00:00Z' },
    });
    expect(backwards.json().code).toBe(ERROR_CODES.workingHoursInvalid.code);
  });
});
