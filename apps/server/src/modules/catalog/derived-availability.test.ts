import type { TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { sql } from 'drizzle-orm';
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
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';

/**
 * "Available now" and the earliest start on therapist cards are derived from working hours and
 * live orders (decision 036): the list filter and the cards give one answer, and cancelling an
 * order frees the therapist again without any stored flag being touched.
 * BOOKING_NOW is 08:00 on Tuesday 24 November 2026 in Phnom Penh: with the 60-minute lead time the
 * earliest start the rules allow is 09:00; every fixture therapist works 09:00–21:00 unless changed.
 */
const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

/** A local Phnom Penh time (UTC+7) in November 2026, as an ISO instant. */
const at = (day: number, time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, day, hours - 7, minutes)).toISOString();
};

let cityId: number;
let projectId: number;
const ids = {} as Record<'free' | 'busy' | 'lateShift' | 'dayOff' | 'timeOff' | 'resting', number>;
let customerToken: string;
let addressId: number;

const noCache = { 'cache-control': 'no-cache' };
async function list(query: string): Promise<{ items: TherapistCard[]; hasMore: boolean }> {
  const response = await app.inject({
    method: 'GET',
    url: `/app/therapists?cityId=${cityId}&${query}`,
    headers: noCache,
  });
  const body = response.json();
  expect(body.code, response.body).toBe(0);
  return body.data;
}
const availableNowIds = async (extra = 'pageSize=50') =>
  (await list(`availableNow=true&${extra}`)).items.map((card) => card.id).sort((a, b) => a - b);
const cardsById = async () => new Map((await list('pageSize=50')).items.map((card) => [card.id, card]));

async function asTherapist(token: string, method: 'PUT' | 'POST', url: string, payload: object) {
  const body = (await call(app, { method, url, token, payload })).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
}

const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
/** Every stored scheduling fact that could act as a flag: the test proves none of them moves. */
const storedFlags = () =>
  queryRows<{ id: number; state: string; updated_at: string }>(
    database.db,
    sql`select id, state, updated_at::text from therapists where city_id = ${cityId} order by id`,
  );

beforeAll(async () => {
  const city = await createCity(database);
  cityId = city.id;
  projectId = (await createProject(database, cityId)).id;
  const therapist = (state?: 'resting') =>
    createTherapist(app, database, { cityId, projectId, ...(state ? { state } : {}) });
  const free = await therapist();
  const busy = await therapist();
  const lateShift = await therapist();
  const dayOff = await therapist();
  const timeOff = await therapist();
  const resting = await therapist('resting');
  Object.assign(ids, {
    free: free.therapistId,
    busy: busy.therapistId,
    lateShift: lateShift.therapistId,
    dayOff: dayOff.therapistId,
    timeOff: timeOff.therapistId,
    resting: resting.therapistId,
  });
  // Each through the therapist's own workbench routes, as a provider would.
  await asTherapist(lateShift.token, 'PUT', '/app/therapists/me/schedule', {
    weeklyShifts: everyDay('14:00', '22:00'),
    daysOff: [],
  });
  await asTherapist(dayOff.token, 'PUT', '/app/therapists/me/schedule', {
    weeklyShifts: everyDay('09:00', '21:00'),
    daysOff: ['2026-11-24'],
  });
  await asTherapist(timeOff.token, 'POST', '/app/therapists/me/time-off', {
    startsAt: at(24, '08:30'),
    endsAt: at(24, '12:00'),
    reason: 'Doctor',
  });
  const customer = await registerUser(app);
  customerToken = customer.token;
  const address = (
    await call(app, { method: 'POST', url: '/app/addresses', token: customerToken, payload: addressBody() })
  ).json();
  addressId = address.data.id;
});

describe('derived availability on therapist cards and the "available now" filter', () => {
  it('excludes busy, off-hours, day-off, time-off and resting therapists; a cancelled order frees one again', async () => {
    const flagsBefore = await storedFlags();
    expect(await availableNowIds()).toEqual([ids.free, ids.busy]);

    // A live order (pending payment holds the time) covering the earliest start.
    const booked = (
      await call(app, {
        method: 'POST',
        url: '/app/orders/home-visit',
        token: customerToken,
        payload: {
          therapistId: ids.busy,
          projectId,
          clocks: 1,
          startsAt: at(24, '09:00'),
          addressId,
          travelMode: 'tukTuk',
          remark: '',
          agreeTerms: true,
        },
      })
    ).json();
    expect(booked.code, JSON.stringify(booked)).toBe(0);
    expect(await availableNowIds()).toEqual([ids.free]);
    const busyCard = (await cardsById()).get(ids.busy);
    expect(busyCard).toMatchObject({ state: 'bookable_later', isBookable: true });
    // Free again after the order's busy interval (service end + 15-minute buffer).
    expect(Date.parse(busyCard?.availableFrom as string)).toBeGreaterThanOrEqual(Date.parse(at(24, '10:15')));

    const cancelled = (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${booked.data.id}/transitions`,
        token: customerToken,
        payload: { transition: 'cancel' },
      })
    ).json();
    expect(cancelled.data?.status, JSON.stringify(cancelled)).toBe('cancelled');
    expect(await availableNowIds()).toEqual([ids.free, ids.busy]);
    expect((await cardsById()).get(ids.busy)).toMatchObject({ state: 'available', availableFrom: null });
    // No stored flag was written to get there.
    expect(await storedFlags()).toEqual(flagsBefore);
  });

  it('cards say the same as the filter, with the earliest free start the booking page offers', async () => {
    const cards = await cardsById();
    const availableNow = new Set(await availableNowIds());
    for (const card of cards.values()) {
      expect(card.state === 'available', `therapist ${card.id}`).toBe(availableNow.has(card.id));
    }
    expect(cards.get(ids.free)).toMatchObject({ state: 'available', availableFrom: null, isBookable: true });
    expect(cards.get(ids.lateShift)).toMatchObject({
      state: 'bookable_later',
      availableFrom: at(24, '14:00'),
    });
    expect(cards.get(ids.dayOff)).toMatchObject({ state: 'bookable_later', availableFrom: at(25, '09:00') });
    expect(cards.get(ids.timeOff)).toMatchObject({ state: 'bookable_later', availableFrom: at(24, '12:00') });
    // A resting therapist is never listed; their page says resting, not bookable, though the
    // fixture gave them the same free 09:00–21:00 week as the free one.
    expect(cards.has(ids.resting)).toBe(false);
    const resting = (await app.inject({ method: 'GET', url: `/app/therapists/${ids.resting}` })).json();
    expect(resting.data).toMatchObject({ state: 'resting', availableFrom: null, isBookable: false });

    // The booking page's first free start for the same therapist and project is the card's time.
    const starts = (
      await app.inject({
        method: 'GET',
        url: `/app/availability/free-starts?therapistId=${ids.lateShift}&projectId=${projectId}&date=2026-11-24`,
      })
    ).json();
    expect(starts.data[0]?.startsAt).toBe(cards.get(ids.lateShift)?.availableFrom);

    // The therapist detail page shows the same card.
    const detail = (await app.inject({ method: 'GET', url: `/app/therapists/${ids.dayOff}` })).json();
    expect(detail.data).toMatchObject({ state: 'bookable_later', availableFrom: at(25, '09:00') });
  });

  it('shows a therapist with no free start within the 7-day horizon as bookable later without a time', async () => {
    const fullyBooked = await createTherapist(app, database, { cityId, projectId });
    await asTherapist(fullyBooked.token, 'PUT', '/app/therapists/me/schedule', {
      weeklyShifts: [],
      daysOff: [],
    });
    try {
      const card = (await cardsById()).get(fullyBooked.therapistId);
      expect(card).toMatchObject({ state: 'bookable_later', availableFrom: null, isBookable: true });
      expect(await availableNowIds()).not.toContain(fullyBooked.therapistId);
    } finally {
      await database.db.execute(sql`delete from therapists where id = ${fullyBooked.therapistId}`);
    }
  });

  it('pages the filtered list exactly: page n is the n-th slice of the same order', async () => {
    const all = (await list('availableNow=true&pageSize=50')).items.map((card) => card.id);
    expect(all).toHaveLength(2);
    const first = await list('availableNow=true&pageSize=1&page=1');
    const second = await list('availableNow=true&pageSize=1&page=2');
    const third = await list('availableNow=true&pageSize=1&page=3');
    expect([...first.items, ...second.items].map((card) => card.id)).toEqual(all);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, false, false]);
    expect(third.items).toEqual([]);
  });

  it('answers a project filter with that project: a therapist not offering it is not listed', async () => {
    const other = await createProject(database, cityId);
    const page = await list(`availableNow=true&projectId=${other.id}&pageSize=50`);
    expect(page.items).toEqual([]);
  });

  it('keeps paging exact when the free therapists lie beyond the first round of candidates', async () => {
    // 70 online therapists nearer to the caller than anyone else, none with hours: the first
    // round (64 candidates) holds no free one, so the filter must read on.
    const near = { lat: 11.6064, lng: 104.9282 };
    await database.db.execute(sql`insert into therapists (city_id, display_name, gender, introductions,
        service_areas, latitude, longitude, state, currency)
      select ${cityId}, 'Unavailable ' || g, 'female', '{"en": ""}', '{"en": ""}',
        ${near.lat}::float8, ${near.lng}::float8, 'available', 'USD'
      from generate_series(1, 70) g`);
    try {
      const location = `lat=${near.lat}&lng=${near.lng}`;
      const everyone = await list(`${location}&pageSize=50`);
      expect(everyone.items.slice(0, 50).every((card) => card.name.startsWith('Unavailable'))).toBe(true);
      const first = await list(`availableNow=true&${location}&pageSize=1&page=1`);
      const second = await list(`availableNow=true&${location}&pageSize=1&page=2`);
      expect([...first.items, ...second.items].map((card) => card.id).sort((a, b) => a - b)).toEqual([
        ids.free,
        ids.busy,
      ]);
      expect([first.hasMore, second.hasMore]).toEqual([true, false]);
    } finally {
      await database.db.execute(sql`delete from therapists where display_name like 'Unavailable %'`);
    }
  });
});
