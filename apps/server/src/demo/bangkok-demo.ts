import { hash } from '@node-rs/argon2';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import {
  cities,
  cityBookingSettings,
  type LocalisedText,
  reviews,
  serviceProjects,
  therapistCertificates,
  therapistProjects,
  therapists,
} from '../db/schema';
import { demoImageUrl } from '../modules/catalog';
import { PASSWORD_HASH_PARAMS } from '../modules/identity';
import { CATALOG_DEMO_SEED_NAME } from './catalog-demo';
import { introduction, SERVICE_KINDS } from './catalog-texts';
import { hasSeedRun, insertDemoLogin } from './identity-demo';

export const BANGKOK_DEMO_SEED_NAME = 'demo-bangkok-v1';

/** The Bangkok demo therapist's login, documented in README ("Demo data and logins"). */
export const DEMO_BANGKOK_THERAPIST_LOGIN = {
  areaCode: '66',
  phone: '0812345678',
  phoneE164: '+66812345678',
  password: 'sabai-bangkok',
} as const;

const BANGKOK_CENTRE = { lat: 13.7563, lng: 100.5018 };

/** Baht per US dollar the demo prices use (a round figure, not a rate). */
const BAHT_PER_DOLLAR = 35;

/** A US-cent demo price as a Bangkok price in satang, rounded to ten baht. */
const satangOf = (cents: number) => Math.round((cents * BAHT_PER_DOLLAR) / 1000) * 1000;

/**
 * Travel and a management fee are charged in Bangkok (Phnom Penh's demo leaves every price at the
 * default zero), so the demo shows what a cancellation after acceptance keeps: a travel fee that
 * goes 100 % to the therapist (฿50 up to 3 km, then per km, rounded to ten baht) and the
 * platform's ฿20 management fee.
 */
const BANGKOK_BOOKING_SETTINGS: Partial<CityBookingSettings> = {
  managementFeeFixed: 2_000,
  travelStartingPrice: 5_000,
  travelPricePerExtraKm: { tukTuk: 1_000, walking: 0, fastest: 1_500 },
  travelFeeRoundingUnit: 1_000,
};

const DISTRICTS: LocalisedText[] = [
  { en: 'Sukhumvit, Watthana', th: 'สุขุมวิท วัฒนา', 'zh-CN': '素坤逸 瓦塔那', 'zh-TW': '素坤逸 瓦塔那' },
  { en: 'Silom, Bang Rak', th: 'สีลม บางรัก', 'zh-CN': '是隆 挽叻', 'zh-TW': '是隆 挽叻' },
  { en: 'Ari, Phaya Thai', th: 'อารีย์ พญาไท', 'zh-CN': '阿黎 帕亚泰', 'zh-TW': '阿黎 帕亞泰' },
  { en: 'Thonglor', th: 'ทองหล่อ', 'zh-CN': '通罗', 'zh-TW': '通羅' },
];

/** Thai therapists: who they are, what they offer (service kinds), where they are from the centre. */
const PEOPLE: {
  name: string;
  gender: 'female' | 'male';
  languages: string[];
  kinds: string[];
  offset: { lat: number; lng: number };
}[] = [
  // The login's profile: first, offering every Thai classic (README's Bangkok login).
  {
    name: 'Malee',
    gender: 'female',
    languages: ['th', 'en'],
    kinds: ['thai', 'foot', 'oil'],
    offset: { lat: 0.004, lng: 0.006 },
  },
  {
    name: 'Siriporn',
    gender: 'female',
    languages: ['th', 'en', 'zh'],
    kinds: ['thai', 'oil'],
    offset: { lat: -0.01, lng: 0.012 },
  },
  {
    name: 'Kanya',
    gender: 'female',
    languages: ['th'],
    kinds: ['foot', 'thai'],
    offset: { lat: 0.015, lng: -0.008 },
  },
  {
    name: 'Anong',
    gender: 'female',
    languages: ['th', 'en'],
    kinds: ['oil', 'foot'],
    offset: { lat: -0.018, lng: -0.004 },
  },
  {
    name: 'Somsak',
    gender: 'male',
    languages: ['th', 'en'],
    kinds: ['thai', 'foot'],
    offset: { lat: 0.009, lng: 0.02 },
  },
];

const REVIEWS = [
  'นวดดีมาก ผ่อนคลายสุดๆ',
  'มาตรงเวลา มือหนักกำลังดี จะจองอีกแน่นอน',
  'Very professional and on time. My back feels so much better.',
  'Great pressure, exactly what I asked for.',
];

/**
 * Bangkok as an open demo city (issue #14's Thai journey): the city opens, its projects are priced
 * in baht (so its QR rail is PromptPay, decision 040), travel is charged, and five Thai therapists
 * (certified, reviewed, with working weeks from `seedDemoWorkingHours`) serve it; the first has a
 * login. A seed of its own (recorded in seed_runs), so a demo database seeded before Bangkok opened
 * gets it on its next start; skipped until the demo catalogue exists, and when the login's phone
 * number already belongs to someone. One transaction.
 */
export async function seedBangkokDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await hasSeedRun(db, BANGKOK_DEMO_SEED_NAME)) return false;
  if (!(await hasSeedRun(db, CATALOG_DEMO_SEED_NAME))) return false;
  // Hashed outside the transaction (tens of milliseconds), with the identity module's parameters.
  const passwordHash = await hash(DEMO_BANGKOK_THERAPIST_LOGIN.password, PASSWORD_HASH_PARAMS);
  return db.transaction(async (tx) => {
    const [bangkok] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(sql`${cities.names}->>'en' = 'Bangkok'`);
    if (!bangkok) return false;
    const userId = await insertDemoLogin(
      tx,
      {
        seedName: BANGKOK_DEMO_SEED_NAME,
        phoneE164: DEMO_BANGKOK_THERAPIST_LOGIN.phoneE164,
        userName: 'demo-therapist-bangkok',
        nickname: PEOPLE[0]?.name ?? 'Malee',
        roles: ['customer', 'provider'],
      },
      passwordHash,
      now,
    );
    if (userId === undefined) return false;

    await tx.update(cities).set({ status: 'open' }).where(eq(cities.id, bangkok.id));
    await tx
      .insert(cityBookingSettings)
      .values({ cityId: bangkok.id, settings: BANGKOK_BOOKING_SETTINGS })
      .onConflictDoNothing();

    const categoryRows = await queryRows<{ id: number; code: string }>(
      tx,
      sql`select id, code from categories`,
    );
    const categoryId = new Map(categoryRows.map((c) => [c.code, Number(c.id)]));
    const kinds = SERVICE_KINDS.filter((kind) => categoryId.has(kind.code));
    const projectRows = await tx
      .insert(serviceProjects)
      .values(
        kinds.map((kind, index) => {
          const [price, member, extra] = kind.cents.map(satangOf) as [number, number, number];
          const key = kind.code.replace('_', '-');
          return {
            cityId: bangkok.id,
            categoryId: categoryId.get(kind.code) as number,
            names: kind.names,
            descriptions: kind.descriptions,
            photos: [demoImageUrl('project', `${key}-1`), demoImageUrl('project', `${key}-2`)],
            durationMinutes: kind.durationMinutes,
            price,
            memberPrice: member,
            currency: 'THB',
            extraUnitMinutes: kind.extraUnitMinutes,
            extraUnitPrice: extra,
            orderCount: 40 + index * 17,
            sortOrder: index + 1,
          };
        }),
      )
      .returning({ id: serviceProjects.id, price: serviceProjects.price });
    const projects = projectRows.map((row, index) => ({
      id: row.id,
      price: Number(row.price),
      code: kinds[index]?.code ?? '',
    }));

    const therapistRows = await tx
      .insert(therapists)
      .values(
        PEOPLE.map((person, index) => {
          const offered = projects.filter((p) => person.kinds.includes(p.code));
          const key = `${person.gender}-bkk-${index + 1}`;
          const main = kinds.find((k) => k.code === person.kinds[0]);
          return {
            cityId: bangkok.id,
            userId: index === 0 ? userId : null,
            displayName: person.name,
            gender: person.gender,
            avatar: demoImageUrl('avatar', key),
            photos: [demoImageUrl('avatar', key), demoImageUrl('photo', `${key}-a`)],
            introductions: introduction(person.name, 3 + index * 2, main?.names ?? { en: 'massage' }),
            serviceAreas: DISTRICTS[index % DISTRICTS.length] as LocalisedText,
            serviceRadiusKm: 10,
            skills: person.kinds,
            languages: person.languages,
            nationality: 'TH',
            latitude: BANGKOK_CENTRE.lat + person.offset.lat,
            longitude: BANGKOK_CENTRE.lng + person.offset.lng,
            rating: 0,
            reviewCount: 0,
            orderCount: 25 + index * 31,
            state: 'available' as const,
            isBanned: false,
            fromPrice: Math.min(...offered.map((p) => p.price)),
            currency: 'THB',
          };
        }),
      )
      .returning({ id: therapists.id });
    const ids = therapistRows.map((row) => row.id);

    await tx
      .insert(therapistProjects)
      .values(
        ids.flatMap((therapistId, index) =>
          projects
            .filter((p) => PEOPLE[index]?.kinds.includes(p.code))
            .map((p) => ({ therapistId, projectId: p.id })),
        ),
      );
    await tx.insert(therapistCertificates).values(
      ids.flatMap((therapistId) => [
        { therapistId, kind: 'real_name' as const, verifiedAt: now },
        { therapistId, kind: 'health_check' as const, issuedOn: '2026-06-01', verifiedAt: now },
      ]),
    );
    await tx.insert(reviews).values(
      ids.flatMap((therapistId, index) =>
        [0, 1].map((n) => ({
          therapistId,
          rating: (index + n) % 3 === 2 ? 4 : 5,
          text: REVIEWS[(index + n) % REVIEWS.length] as string,
          authorName: ['Ploy', 'Anna', 'Nok', 'James'][(index + n) % 4] as string,
          createdAt: new Date(now.getTime() - (n + 1) * (index + 2) * 86_400_000),
        })),
      ),
    );
    // Ratings and counts follow the reviews just written (decision 049).
    await tx.execute(
      sql`update therapists t set review_count = (select count(*) from reviews r where r.therapist_id = t.id),
            rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r where r.therapist_id = t.id), 0)
          where t.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    return true;
  });
}
