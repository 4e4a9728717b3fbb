import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { queryRows } from '../db/client';
import { DEMO_BANGKOK_THERAPIST_LOGIN, seedBangkokDemo, seedDemo } from '.';

// The demo as `npm start` loads it, then the real routes: Bangkok is open, priced in baht, served
// by Thai therapists with working weeks, one of them with a login; its orders are paid by PromptPay.
const { app, database } = await createTestApp();

async function get<T>(url: string, token?: string, lang = 'en'): Promise<T> {
  const response = (await call(app, { method: 'GET', url, token, headers: { lang } })).json();
  expect(response.code, `${url}: ${response.msg}`).toBe(0);
  return response.data as T;
}

async function post<T>(url: string, token: string, payload: Record<string, unknown>): Promise<T> {
  const response = (await call(app, { method: 'POST', url, token, payload })).json();
  expect(response.code, `${url}: ${response.msg}`).toBe(0);
  return response.data as T;
}

let bangkokId: number;

beforeAll(async () => {
  expect(await seedDemo(database.db, new Date())).toBe(true);
  const cities = await get<{ open: { id: number; name: string }[] }>('/app/cities');
  bangkokId = cities.open.find((city) => city.name === 'Bangkok')?.id ?? 0;
});

describe('Bangkok in the demo', () => {
  it('is open beside the Cambodian cities; Ho Chi Minh City still gathers votes', async () => {
    const cities = await get<{ open: { name: string }[]; voting: { name: string }[] }>(
      '/app/cities',
      undefined,
      'th',
    );
    expect(cities.open.map((city) => city.name)).toEqual(['พนมเปญ', 'เสียมราฐ', 'กรุงเทพมหานคร']);
    expect(cities.voting.map((city) => city.name)).toEqual(expect.arrayContaining(['นครโฮจิมินห์']));
    expect(bangkokId).toBeGreaterThan(0);
  });

  it('lists Thai therapists priced in baht, each with a working week', async () => {
    const list = await get<{
      items: { id: number; name: string; price: { amount: number; currency: string } }[];
    }>(`/app/therapists?cityId=${bangkokId}&pageSize=20`);
    expect(list.items.map((t) => t.name).sort()).toEqual(['Anong', 'Kanya', 'Malee', 'Siriporn', 'Somsak']);
    for (const therapist of list.items) {
      expect(therapist.price.currency).toBe('THB');
      // Whole baht, at least ฿300: a price in satang, not cents.
      expect(therapist.price.amount % 100).toBe(0);
      expect(therapist.price.amount).toBeGreaterThanOrEqual(30_000);
    }
    const hours = await queryRows<{ therapists: number }>(
      database.db,
      sql`select count(distinct h.therapist_id)::int as therapists from therapist_working_hours h
          join therapists t on t.id = h.therapist_id where t.city_id = ${bangkokId}`,
    );
    expect(hours[0]?.therapists).toBe(5);
  });

  it("lets the Bangkok therapist log in; a customer's order there is paid by PromptPay, never KHQR", async () => {
    const login = (
      await call(app, {
        method: 'POST',
        url: '/app/auth/login/password',
        payload: {
          areaCode: DEMO_BANGKOK_THERAPIST_LOGIN.areaCode,
          phone: DEMO_BANGKOK_THERAPIST_LOGIN.phone,
          password: DEMO_BANGKOK_THERAPIST_LOGIN.password,
        },
      })
    ).json();
    expect(login.code).toBe(0);
    const { therapistId } = await get<{ therapistId: number }>(
      '/app/therapists/me/work-settings',
      login.data.token,
    );
    const profile = await get<{
      name: string;
      location: { lat: number; lng: number };
      projects: { id: number; price: { amount: number; currency: string } }[];
    }>(`/app/therapists/${therapistId}`);
    expect(profile.name).toBe('Malee');
    const project = profile.projects[0];
    expect(project?.price.currency).toBe('THB');

    const customer = await registerUser(app);
    const address = await post<{ id: number }>('/app/addresses', customer.token, {
      contactName: 'Ploy',
      genderTitle: 'ms',
      areaCode: customer.phone.areaCode,
      phone: customer.phone.phone,
      placeType: 'condo',
      detail: 'Sukhumvit Soi 24',
      houseNumber: '88/12',
      arrivalNotes: '',
      lat: profile.location.lat + 0.01,
      lng: profile.location.lng,
    });
    // The first of the coming days she works: demo working weeks give some therapists a weekday
    // off, so "tomorrow" alone fails on one day in seven.
    let starts: { startsAt: string }[] = [];
    for (let day = 1; day <= 6 && starts.length === 0; day++) {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
        new Date(Date.now() + day * 86_400_000),
      );
      starts = await get<{ startsAt: string }[]>(
        `/app/availability/free-starts?therapistId=${therapistId}&projectId=${project?.id}&date=${date}&addressId=${address.id}`,
        customer.token,
      );
    }
    expect(starts.length).toBeGreaterThan(0);
    const order = await post<{ id: number; currency: string; payable: number; quote: { travelFee: number } }>(
      '/app/orders/home-visit',
      customer.token,
      {
        therapistId,
        projectId: project?.id,
        clocks: 1,
        startsAt: starts[0]?.startsAt,
        addressId: address.id,
        travelMode: 'tukTuk',
        remark: '',
        agreeTerms: true,
      },
    );
    expect(order.currency).toBe('THB');
    // Bangkok charges travel (฿50 from the start), rounded to ten baht.
    expect(order.quote.travelFee).toBeGreaterThanOrEqual(5_000);
    expect(order.quote.travelFee % 1_000).toBe(0);
    const { methods } = await get<{ methods: string[] }>(
      `/app/orders/${order.id}/payments/methods`,
      customer.token,
    );
    expect(methods).toEqual(['wallet', 'promptpay', 'card']);
  });

  it('seeds once: a second start changes nothing', async () => {
    expect(await seedBangkokDemo(database.db, new Date())).toBe(false);
    const therapists = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from therapists where city_id = ${bangkokId}`,
    );
    expect(therapists[0]?.count).toBe(5);
  });
});
