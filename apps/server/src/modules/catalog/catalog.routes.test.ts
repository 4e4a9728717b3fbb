import {
  homeSchema,
  projectDetailSchema,
  searchResultSchema,
  storeDetailSchema,
  storePageSchema,
  therapistDetailSchema,
  therapistPageSchema,
} from '@sabai/shared/catalog/catalog.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedCatalogDemo, seedDemoData } from '../../demo';
import { fixedClock } from '../../lib/clock';

// Noon in Phnom Penh: who is "available now" is derived from the demo working weeks (decision 036).
const clock = fixedClock(new Date('2026-11-24T05:00:00Z'));
const { app, database } = await createTestApp({ clock });
const PHNOM_PENH = { lat: 11.5564, lng: 104.9282 };
let cityIds: { pp: number; sr: number; voting: number };

beforeAll(async () => {
  await seedDemoData(database.db);
  expect(await seedCatalogDemo(database.db)).toBe(true);
  const rows = await queryRows<{ id: number; en: string }>(
    database.db,
    sql`select id, names->>'en' as en from cities`,
  );
  const id = (name: string) => rows.find((r) => r.en === name)?.id as number;
  cityIds = { pp: id('Phnom Penh'), sr: id('Siem Reap'), voting: id('Bangkok') };
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('demo catalogue', () => {
  it('loads once, with at least 40 therapists and 8 stores over the open cities', async () => {
    expect(await seedCatalogDemo(database.db)).toBe(false);
    const [counts] = await queryRows<{
      therapists: number;
      stores: number;
      cities: number;
      projects: number;
    }>(
      database.db,
      sql`select (select count(*)::int from therapists) as therapists, (select count(*)::int from stores) as stores,
        (select count(distinct city_id)::int from therapists) as cities, (select count(*)::int from service_projects) as projects`,
    );
    expect(counts).toMatchObject({ therapists: 44, stores: 8, cities: 2 });
    expect(counts?.projects).toBeGreaterThanOrEqual(8);
  });
});

describe('list copies kept by triggers', () => {
  it('mirrors offered projects and verified certificate kinds onto the therapist row', async () => {
    const [therapist] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where not is_banned order by id limit 1`,
    );
    const id = therapist?.id as number;
    const copies = async () =>
      (
        await queryRows<{ project_ids: number[]; badges: string[]; offered: number[] }>(
          database.db,
          sql`select project_ids, badges, array(select project_id from therapist_projects
            where therapist_id = ${id} order by project_id) as offered from therapists where id = ${id}`,
        )
      )[0];
    const before = await copies();
    expect(before?.project_ids).toEqual(before?.offered);

    const [spare] = await queryRows<{ id: number }>(
      database.db,
      sql`select p.id from service_projects p join therapists t on t.city_id = p.city_id
        where t.id = ${id} and not (p.id = any(t.project_ids)) order by p.id limit 1`,
    );
    await database.db.execute(sql`insert into therapist_projects values (${id}, ${spare?.id})`);
    expect((await copies())?.project_ids).toContain(spare?.id);
    await database.db.execute(
      sql`delete from therapist_projects where therapist_id = ${id} and project_id = ${spare?.id}`,
    );
    expect((await copies())?.project_ids).toEqual(before?.project_ids);

    await database.db.execute(sql`delete from therapist_certificates where therapist_id = ${id}`);
    expect((await copies())?.badges).toEqual([]);
    await database.db.execute(
      sql`insert into therapist_certificates (therapist_id, kind) values (${id}, 'skill'), (${id}, 'real_name')`,
    );
    expect((await copies())?.badges).toEqual([]);
    await database.db.execute(
      sql`update therapist_certificates set verified_at = now() where therapist_id = ${id} and kind = 'skill'`,
    );
    expect((await copies())?.badges).toEqual(['skill']);
  });
});

describe('GET /app/therapists', () => {
  it('lists the nearest listable therapists first, with distance in km and price in minor units', async () => {
    const { body } = await get(
      `/app/therapists?cityId=${cityIds.pp}&lat=${PHNOM_PENH.lat}&lng=${PHNOM_PENH.lng}`,
    );
    expect(body.code).toBe(0);
    const page = therapistPageSchema.parse(body.data);
    expect(page.items.length).toBe(20);
    expect(page.hasMore).toBe(true);
    const distances = page.items.map((t) => t.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(10);
    for (const item of page.items) {
      expect(item.cityId).toBe(cityIds.pp);
      expect(item.state).not.toBe('resting');
      expect(item.isBookable).toBe(true);
      expect(item.price.currency).toBe('USD');
      expect(Number.isInteger(item.price.amount)).toBe(true);
    }
  });

  it('never lists banned or resting therapists, on any page', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page++) {
      const { body } = await get(`/app/therapists?cityId=${cityIds.pp}&page=${page}&pageSize=10`);
      for (const item of body.data.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
    }
    const hidden = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where is_banned or state = 'resting'`,
    );
    expect(hidden.length).toBeGreaterThan(0);
    for (const { id } of hidden) expect(seen.has(id)).toBe(false);
  });

  it('filters by gender, spoken language, availability and project', async () => {
    const male = await get(`/app/therapists?cityId=${cityIds.pp}&gender=male&pageSize=50`);
    expect(male.body.data.items.length).toBeGreaterThan(0);
    expect(male.body.data.items.every((t: { gender: string }) => t.gender === 'male')).toBe(true);

    const chinese = await get(`/app/therapists?cityId=${cityIds.pp}&language=zh&pageSize=50`);
    expect(chinese.body.data.items.length).toBeGreaterThan(0);
    expect(chinese.body.data.items.every((t: { languages: string[] }) => t.languages.includes('zh'))).toBe(
      true,
    );

    const now = await get(`/app/therapists?cityId=${cityIds.pp}&availableNow=true&pageSize=50`);
    expect(now.body.data.items.length).toBeGreaterThan(0);
    expect(now.body.data.items.every((t: { state: string }) => t.state === 'available')).toBe(true);

    const [project] = await queryRows<{ id: number; price: string }>(
      database.db,
      sql`select id, price::text from service_projects where city_id = ${cityIds.pp} order by id limit 1`,
    );
    const offering = await get(`/app/therapists?cityId=${cityIds.pp}&projectId=${project?.id}&pageSize=50`);
    const ids = offering.body.data.items.map((t: { id: number }) => t.id);
    expect(ids.length).toBeGreaterThan(0);
    const offers = await queryRows<{ therapist_id: number }>(
      database.db,
      sql`select therapist_id from therapist_projects where project_id = ${project?.id}`,
    );
    const offerIds = new Set(offers.map((o) => o.therapist_id));
    expect(ids.every((id: number) => offerIds.has(id))).toBe(true);
    expect(offering.body.data.items[0].price.amount).toBe(Number(project?.price));
  });

  it('sorts by rating, price and popularity', async () => {
    const field = async (
      sort: string,
      pick: (t: { rating: number; orderCount: number; price: { amount: number } }) => number,
    ) => {
      const { body } = await get(`/app/therapists?cityId=${cityIds.pp}&sort=${sort}&pageSize=50`);
      return body.data.items.map(pick) as number[];
    };
    const ratings = await field('rating', (t) => t.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const prices = await field('price', (t) => t.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const orders = await field('popularity', (t) => t.orderCount);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('shares an identical list for a few seconds; pull-to-refresh (no-cache) reads fresh', async () => {
    const url = `/app/therapists?cityId=${cityIds.sr}&lat=13.36&lng=103.86&pageSize=5`;
    const first = (await get(url)).body.data.items;
    const nearest = first[0].id as number;
    await database.db.execute(sql`update therapists set state = 'resting' where id = ${nearest}`);
    try {
      expect((await get(url)).body.data.items[0].id).toBe(nearest);
      const fresh = (await get(url, { 'cache-control': 'no-cache' })).body.data.items;
      expect(fresh.map((t: { id: number }) => t.id)).not.toContain(nearest);
      expect((await get(url)).body.data.items.map((t: { id: number }) => t.id)).not.toContain(nearest);
    } finally {
      await database.db.execute(sql`update therapists set state = 'available' where id = ${nearest}`);
    }
  });

  it('takes the city from the cityId header when the query has none', async () => {
    const { body } = await get('/app/therapists?pageSize=5', { cityid: String(cityIds.sr) });
    expect(body.data.items.every((t: { cityId: number }) => t.cityId === cityIds.sr)).toBe(true);
  });

  it('answers a city that is not open with cityNotOpen, an unknown one with notFound', async () => {
    const voting = await get(`/app/therapists?cityId=${cityIds.voting}`, { lang: 'km-KH' });
    expect(voting.body).toEqual({
      code: ERROR_CODES.cityNotOpen.code,
      msg: 'ទីក្រុងនេះមិនទាន់បើកដំណើរការនៅឡើយទេ។ សូមប្ដូរទីក្រុង។',
      data: null,
    });
    const unknown = await get('/app/therapists?cityId=99999');
    expect(unknown.body.code).toBe(ERROR_CODES.notFound.code);
    const project = await get(`/app/therapists?cityId=${cityIds.pp}&projectId=99999`);
    expect(project.body.code).toBe(ERROR_CODES.notFound.code);
  });

  it('lists a chosen city for a caller far away (Bangkok → Siem Reap): list and home alike', async () => {
    const bangkok = 'lat=13.7563&lng=100.5018';
    const list = await get(`/app/therapists?cityId=${cityIds.sr}&${bangkok}&pageSize=10`);
    const page = therapistPageSchema.parse(list.body.data);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((t) => t.cityId === cityIds.sr && (t.distanceKm ?? 0) > 300)).toBe(true);
    const home = await get(`/app/home?cityId=${cityIds.sr}&${bangkok}`);
    expect(homeSchema.parse(home.body.data).recommendedTherapists.length).toBeGreaterThan(0);
  });

  it('answers a therapist or project detail in a city that is not open with cityNotOpen', async () => {
    const [project] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into service_projects (city_id, category_id, names, descriptions, duration_minutes,
          price, member_price, currency, extra_unit_minutes, extra_unit_price)
        select ${cityIds.voting}, category_id, names, descriptions, duration_minutes, price, member_price,
          currency, extra_unit_minutes, extra_unit_price
        from service_projects where city_id = ${cityIds.pp} order by id limit 1 returning id`,
    );
    const [therapist] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into therapists (city_id, display_name, gender, introductions, service_areas, languages,
          latitude, longitude, state, currency)
        values (${cityIds.voting}, 'Early bird', 'female', '{"en": ""}', '{"en": ""}', array['th'],
          13.75, 100.5, 'available', 'THB') returning id`,
    );
    for (const url of [`/app/therapists/${therapist?.id}`, `/app/projects/${project?.id}`]) {
      const { body } = await get(url, { lang: 'zh-CN' });
      expect(body, url).toEqual({
        code: ERROR_CODES.cityNotOpen.code,
        msg: '该城市暂未开通，请切换城市。',
        data: null,
      });
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['lat=91&lng=104', 'lat'],
    ['lat=11&lng=-181', 'lng'],
    ['lat=11.5', 'lng'],
    ['sort=cheapest', 'sort'],
    ['gender=other', 'gender'],
    ['lat=abc&lng=1', 'lat'],
  ])('refuses %s with validationFailed naming %s', async (query, field) => {
    const { status, body } = await get(`/app/therapists?${query}`, { lang: 'th-TH' });
    expect(status).toBe(400);
    expect(body.code).toBe(ERROR_CODES.validationFailed.code);
    expect(body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('GET /app/therapists/:id', () => {
  it('shows the profile, badges, projects and reviews in the caller language', async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where not is_banned and state = 'available' order by id limit 1`,
    );
    const { body } = await get(`/app/therapists/${row?.id}?lat=11.55&lng=104.92`, { lang: 'zh-CN' });
    expect(body.code).toBe(0);
    const detail = therapistDetailSchema.parse(body.data);
    expect(detail.projects.length).toBeGreaterThanOrEqual(2);
    expect(detail.reviews.length).toBeGreaterThanOrEqual(1);
    expect(detail.introduction).toMatch(/您好/);
    expect(detail.projects[0]?.name).toMatch(/[\u4e00-\u9fff]/);
    expect(detail.distanceKm).not.toBeNull();
    expect(detail.certificates.every((c) => detail.badges.includes(c.kind))).toBe(true);
  });

  it('shows a resting therapist as not bookable', async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where not is_banned and state = 'resting' limit 1`,
    );
    const { body } = await get(`/app/therapists/${row?.id}`);
    expect(body.data).toMatchObject({ state: 'resting', isBookable: false, distanceKm: null });
  });

  it('answers banned and unknown therapists with notFound, bad ids with validationFailed', async () => {
    const [banned] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from therapists where is_banned`,
    );
    expect((await get(`/app/therapists/${banned?.id}`)).body.code).toBe(ERROR_CODES.notFound.code);
    expect((await get('/app/therapists/999999')).body.code).toBe(ERROR_CODES.notFound.code);
    expect((await get('/app/therapists/-3')).body.code).toBe(ERROR_CODES.validationFailed.code);
    expect((await get('/app/therapists/abc')).body.code).toBe(ERROR_CODES.validationFailed.code);
  });
});

describe('projects', () => {
  it('lists the city projects and details one in Khmer', async () => {
    const list = await get(`/app/projects?cityId=${cityIds.pp}`);
    expect(list.body.data.length).toBe(8);
    const thai = list.body.data.find((p: { category: { code: string } }) => p.category.code === 'thai');
    const { body } = await get(`/app/projects/${thai.id}`, { lang: 'km-KH' });
    const detail = projectDetailSchema.parse(body.data);
    expect(detail).toMatchObject({ name: 'ម៉ាស្សាថៃ', durationMinutes: 60, extraUnitMinutes: 30 });
    expect(detail.price).toEqual({ amount: 1500, currency: 'USD' });
    expect(detail.memberPrice.amount).toBeLessThan(detail.price.amount);
    expect(detail.therapistCount).toBeGreaterThan(0);
    expect(detail.photos.length).toBe(2);
  });

  it('answers an unknown project with notFound', async () => {
    expect((await get('/app/projects/424242')).body.code).toBe(ERROR_CODES.notFound.code);
  });
});

describe('stores', () => {
  it('lists stores nearest first and details one with hours, licence, projects and therapists', async () => {
    const list = await get(`/app/stores?cityId=${cityIds.pp}&lat=11.58&lng=104.9`);
    const page = storePageSchema.parse(list.body.data);
    expect(page.items.length).toBe(5);
    expect(page.items[0]?.name).toBe('Apsara Foot & Body Toul Kork');
    const distances = page.items.map((s) => s.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const { body } = await get(`/app/stores/${page.items[0]?.id}`, { lang: 'zh-TW' });
    const detail = storeDetailSchema.parse(body.data);
    expect(detail.name).toBe('仙女足療 桑園');
    expect(detail.openingHours.length).toBe(7);
    expect(detail.timeZone).toBe('Asia/Phnom_Penh');
    expect(detail.licence.isVerified).toBe(true);
    expect(detail.projects.length).toBeGreaterThan(0);
    expect(detail.therapists.every((t) => t.storeId === detail.id)).toBe(true);
  });

  it('answers an unknown store with notFound', async () => {
    expect((await get('/app/stores/9999')).body.code).toBe(ERROR_CODES.notFound.code);
  });

  it('reads "open now" in the store city time zone (seven hours from UTC in Phnom Penh)', async () => {
    const [store] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from stores where city_id = ${cityIds.pp} order by id limit 1`,
    );
    /** The wall-clock time in a zone, as minutes since midnight. */
    const minutesIn = (timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(clock.now());
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return part('hour') * 60 + part('minute');
    };
    const hhmm = (minutes: number) => {
      const wrapped = (minutes + 24 * 60) % (24 * 60);
      return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
    };
    /** Opens the store every day from an hour before to an hour after `minutes` (past midnight if need be). */
    const openAround = async (minutes: number) => {
      const hours = Array.from({ length: 7 }, (_, day) => ({
        day,
        opens: hhmm(minutes - 60),
        closes: hhmm(minutes + 60),
      }));
      await queryRows(
        database.db,
        sql`update stores set opening_hours = ${JSON.stringify(hours)}::jsonb where id = ${store?.id}`,
      );
      const detail = storeDetailSchema.parse((await get(`/app/stores/${store?.id}`)).body.data);
      const listed = storePageSchema
        .parse((await get(`/app/stores?cityId=${cityIds.pp}&pageSize=50`)).body.data)
        .items.find((item) => item.id === store?.id);
      return [detail.isOpenNow, listed?.isOpenNow];
    };
    // Two hours around Phnom Penh's time are open there; two hours around UTC's (seven hours off) are not.
    expect(await openAround(minutesIn('Asia/Phnom_Penh'))).toEqual([true, true]);
    expect(await openAround(minutesIn('UTC'))).toEqual([false, false]);
  });
});

describe('GET /app/home', () => {
  it('gathers banners, categories, projects, recommended therapists and nearby stores', async () => {
    const { body } = await get(`/app/home?cityId=${cityIds.pp}&lat=11.55&lng=104.92`, { lang: 'vi-VN' });
    const home = homeSchema.parse(body.data);
    expect(home.banners.length).toBe(3);
    expect(home.banners[0]?.title).toBe('Massage tại nhà trong 30 phút');
    expect(home.categories.length).toBe(8);
    expect(home.recommendedTherapists.length).toBe(10);
    expect(home.nearbyStores.length).toBe(5);
  });
});

describe('GET /app/search', () => {
  it('finds projects, therapists and stores by text in any language, answering in the caller language', async () => {
    const khmer = await get(`/app/search?cityId=${cityIds.pp}&q=${encodeURIComponent('ម៉ាស្សាថៃ')}`, {
      lang: 'km-KH',
    });
    const found = searchResultSchema.parse(khmer.body.data);
    expect(found.projects.map((p) => p.name)).toContain('ម៉ាស្សាថៃ');

    const english = await get(`/app/search?cityId=${cityIds.pp}&q=thai`, { lang: 'zh-CN' });
    expect(english.body.data.projects.map((p: { name: string }) => p.name)).toContain('泰式按摩');
    expect(english.body.data.therapists.length).toBeGreaterThan(0);

    const store = await get(`/app/search?cityId=${cityIds.pp}&q=lotus`);
    expect(store.body.data.stores.map((s: { name: string }) => s.name)).toEqual(['Lotus Spa BKK1']);
    const person = await get(`/app/search?cityId=${cityIds.pp}&q=sreymom`);
    expect(person.body.data.therapists.map((t: { name: string }) => t.name)).toContain('Sreymom');
  });

  it('treats wildcard characters literally and refuses empty text', async () => {
    const wild = await get(`/app/search?cityId=${cityIds.pp}&q=${encodeURIComponent('%_')}`);
    expect(wild.body.data).toEqual({ projects: [], therapists: [], stores: [] });
    const empty = await get('/app/search?q=%20');
    expect(empty.body.code).toBe(ERROR_CODES.validationFailed.code);
  });
});

describe('cities', () => {
  it('lists open cities and cities gathering votes, named in the caller language', async () => {
    const { body } = await get('/app/cities', { lang: 'zh-CN' });
    expect(body.data.open.map((c: { name: string }) => c.name)).toEqual(['金边', '暹粒']);
    expect(body.data.voting.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['西哈努克城', '曼谷', '胡志明市']),
    );
    expect(body.data.voting[0].voteCount).toBe(0);
  });

  it('picks the nearest open city for a location and validates coordinates', async () => {
    const { body } = await get('/app/cities/nearest?lat=13.41&lng=103.87');
    expect(body.data.city.name).toBe('Siem Reap');
    expect(body.data.distanceKm).toBeLessThan(10);
    const bad = await get('/app/cities/nearest?lat=95&lng=0');
    expect(bad.body.code).toBe(ERROR_CODES.validationFailed.code);
    expect(bad.body.data.fields[0].field).toBe('lat');
  });
});

describe('display currency and demo images', () => {
  it('answers display rates against the US dollar', async () => {
    const { body } = await get('/app/currency/rates');
    expect(body.data.base).toBe('USD');
    const byCode = Object.fromEntries(
      body.data.rates.map((r: { currency: string; perUsd: number }) => [r.currency, r]),
    );
    expect(byCode.USD).toMatchObject({ perUsd: 1, minorDigits: 2 });
    expect(byCode.KHR).toMatchObject({ perUsd: 4100, minorDigits: 0 });
  });

  it('serves generated SVG pictures and refuses other names', async () => {
    const ok = await app.inject({ method: 'GET', url: '/app/media/demo/avatar-female-1.svg' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect(ok.body).toMatch(/^<svg /);
    // A name always draws the same picture: browsers keep it for a year (issue #17).
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bad = await app.inject({ method: 'GET', url: '/app/media/demo/..%2Fetc.svg' });
    expect(bad.statusCode).toBe(404);
  });

  it('documents the discovery endpoints in /docs', async () => {
    const { body } = await get('/docs/json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/app/cities',
        '/app/therapists',
        '/app/therapists/{id}',
        '/app/stores/{id}',
        '/app/projects/{id}',
        '/app/home',
        '/app/search',
        '/app/currency/rates',
      ]),
    );
  });
});
