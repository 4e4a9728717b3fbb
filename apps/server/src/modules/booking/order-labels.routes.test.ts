import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressBody,
  BOOKING_NOW,
  createCity,
  createProject,
  createStore,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { serviceProjects, stores } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

const { app, database } = await createTestApp({ clock: fixedClock(BOOKING_NOW) });

let customer: { token: string };
let orderIds: { homeVisit: number; inStore: number };

beforeAll(async () => {
  const city = await createCity(database);
  const project = await createProject(database, city.id);
  await database.db
    .update(serviceProjects)
    .set({ names: { en: 'Khmer massage', km: 'ម៉ាស្សាខ្មែរ' } })
    .where(eq(serviceProjects.id, project.id));
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const store = await createStore(database, city.id, project.id);
  await database.db
    .update(stores)
    .set({ names: { en: 'Sabai Spa', km: 'សប្បាយស្ប៉ា' } })
    .where(eq(stores.id, store.id));
  const registered = await registerUser(app);
  customer = { token: registered.token };
  const address = (
    await call(app, { method: 'POST', url: '/app/addresses', token: customer.token, payload: addressBody() })
  ).json().data.id;
  const post = async (url: string, payload: Record<string, unknown>) => {
    const body = (await call(app, { method: 'POST', url, token: customer.token, payload })).json();
    if (body.code !== 0) throw new Error(JSON.stringify(body));
    return body.data.id as number;
  };
  orderIds = {
    homeVisit: await post('/app/orders/home-visit', {
      therapistId: therapist.therapistId,
      projectId: project.id,
      clocks: 1,
      startsAt: '2026-11-25T03:00:00Z',
      addressId: address,
      travelMode: 'tukTuk',
      agreeTerms: true,
    }),
    inStore: await post('/app/orders/in-store', {
      storeId: store.id,
      projectId: project.id,
      clocks: 1,
      startsAt: '2026-11-25T05:00:00Z',
      agreeTerms: true,
    }),
  };
});

describe('the names and time zone of the order pages', () => {
  it('names the therapist or store and the project in the caller’s language, with the city’s zone', async () => {
    const list = (
      await call(app, {
        method: 'GET',
        url: '/app/orders',
        token: customer.token,
        headers: { lang: 'km-KH' },
      })
    ).json();
    const byId = new Map(list.data.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(orderIds.homeVisit)).toMatchObject({
      labels: {
        therapistName: 'Sokha',
        storeName: null,
        projectName: 'ម៉ាស្សាខ្មែរ',
        timeZone: 'Asia/Phnom_Penh',
      },
    });
    expect(byId.get(orderIds.inStore)).toMatchObject({
      labels: { storeName: 'សប្បាយស្ប៉ា', projectName: 'ម៉ាស្សាខ្មែរ' },
    });
    const detail = (
      await call(app, { method: 'GET', url: `/app/orders/${orderIds.homeVisit}`, token: customer.token })
    ).json();
    expect(detail.data.labels).toEqual({
      therapistName: 'Sokha',
      storeName: null,
      projectName: 'Khmer massage',
      timeZone: 'Asia/Phnom_Penh',
    });
  });
});
