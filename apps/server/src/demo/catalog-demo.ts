import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import {
  banners,
  categories,
  type LocalisedText,
  type OpeningHours,
  reviews,
  seedRuns,
  serviceProjects,
  storeProjects,
  stores,
  therapistCertificates,
  therapistProjects,
  therapists,
} from '../db/schema';
import { seedCurrencyRates } from '../db/seed/reference';
import { DEMO_IMAGE_PATH, demoImageUrl } from '../modules/catalog';
import { DISTRICTS, introduction, REVIEW_AUTHORS, REVIEW_TEXTS, SERVICE_KINDS } from './catalog-texts';

export const CATALOG_DEMO_SEED_NAME = 'demo-catalog-v1';

/** A small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    sample: <T>(list: readonly T[], count: number): T[] =>
      [...list].sort(() => next() - 0.5).slice(0, Math.min(count, list.length)),
  };
}

const FEMALE_NAMES = [
  'Sreymom',
  'Sokha',
  'Bopha',
  'Channary',
  'Kanha',
  'Leakena',
  'Malis',
  'Nary',
  'Phalla',
  'Rachana',
  'Sophea',
  'Thida',
  'Vanna',
  'Sreyleak',
  'Chenda',
  'Ploy',
  'Nok',
  'Linh',
  'Mai',
  'Li Na',
  'Fang',
  'Dalin',
  'Sotheary',
  'Kunthea',
  'Pich',
];
const MALE_NAMES = [
  'Sokun',
  'Vuthy',
  'Rithy',
  'Piseth',
  'Dara',
  'Somchai',
  'Minh',
  'Wei',
  'Visal',
  'Bunthoeun',
];
/** Spoken languages by first name: Khmer speakers, plus Thai, Vietnamese and Chinese therapists. */
const NATIVE: Record<string, { nationality: string; languages: string[] }> = {
  Ploy: { nationality: 'TH', languages: ['th', 'en'] },
  Nok: { nationality: 'TH', languages: ['th', 'km'] },
  Somchai: { nationality: 'TH', languages: ['th', 'en'] },
  Linh: { nationality: 'VN', languages: ['vi', 'en'] },
  Mai: { nationality: 'VN', languages: ['vi', 'km'] },
  Minh: { nationality: 'VN', languages: ['vi', 'en'] },
  'Li Na': { nationality: 'CN', languages: ['zh', 'en'] },
  Fang: { nationality: 'CN', languages: ['zh'] },
  Wei: { nationality: 'CN', languages: ['zh', 'km'] },
};

const DAILY = (opens: string, closes: string): OpeningHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes }));

const STORES: {
  city: 'pp' | 'sr';
  names: LocalisedText;
  addresses: LocalisedText;
  lat: number;
  lng: number;
  hours: OpeningHours[];
}[] = [
  {
    city: 'pp',
    names: {
      en: 'Lotus Spa BKK1',
      km: 'ស្ប៉ាផ្កាឈូក BKK1',
      th: 'โลตัสสปา BKK1',
      vi: 'Lotus Spa BKK1',
      'zh-CN': '莲花水疗 BKK1',
      'zh-TW': '蓮花水療 BKK1',
    },
    addresses: {
      en: 'No. 21, Street 294, BKK1, Chamkar Mon, Phnom Penh',
      km: 'ផ្ទះលេខ ២១ ផ្លូវ ២៩៤ បឹងកេងកង១ ចំការមន ភ្នំពេញ',
      'zh-CN': '金边堆谷区294街21号',
      'zh-TW': '金邊堆谷區294街21號',
    },
    lat: 11.552,
    lng: 104.924,
    hours: DAILY('10:00', '23:00'),
  },
  {
    city: 'pp',
    names: {
      en: 'Mekong Wellness Riverside',
      km: 'មេគង្គ វែលណេស មាត់ទន្លេ',
      th: 'แม่โขงเวลเนส ริมแม่น้ำ',
      vi: 'Mekong Wellness Bờ Sông',
      'zh-CN': '湄公河养生馆（河边）',
      'zh-TW': '湄公河養生館（河邊）',
    },
    addresses: {
      en: 'Sisowath Quay, Daun Penh, Phnom Penh',
      km: 'មហាវិថីស៊ីសុវត្ថិ ដូនពេញ ភ្នំពេញ',
      'zh-CN': '金边隆边区西索瓦码头',
      'zh-TW': '金邊隆邊區西索瓦碼頭',
    },
    lat: 11.57,
    lng: 104.931,
    hours: DAILY('09:00', '00:00'),
  },
  {
    city: 'pp',
    names: {
      en: 'Apsara Foot & Body Toul Kork',
      km: 'អប្សរា ម៉ាស្សាជើង និងខ្លួន ទួលគោក',
      th: 'อัปสรา นวดเท้าและตัว ตวลโกก',
      vi: 'Apsara Chân & Body Toul Kork',
      'zh-CN': '仙女足疗 桑园',
      'zh-TW': '仙女足療 桑園',
    },
    addresses: {
      en: 'Street 315, Toul Kork, Phnom Penh',
      km: 'ផ្លូវ ៣១៥ ទួលគោក ភ្នំពេញ',
      'zh-CN': '金边桑园区315街',
      'zh-TW': '金邊桑園區315街',
    },
    lat: 11.58,
    lng: 104.9,
    hours: DAILY('11:00', '02:00'),
  },
  {
    city: 'pp',
    names: {
      en: 'Jasmine Garden Spa',
      km: 'ស្ប៉ាសួនម្លិះ',
      th: 'จัสมินการ์เดนสปา',
      vi: 'Jasmine Garden Spa',
      'zh-CN': '茉莉花园水疗',
      'zh-TW': '茉莉花園水療',
    },
    addresses: {
      en: 'Street 57, Tonle Bassac, Phnom Penh',
      km: 'ផ្លូវ ៥៧ ទន្លេបាសាក់ ភ្នំពេញ',
      'zh-CN': '金边洞里巴萨57街',
      'zh-TW': '金邊洞里巴薩57街',
    },
    lat: 11.545,
    lng: 104.92,
    hours: DAILY('10:00', '22:00'),
  },
  {
    city: 'pp',
    names: {
      en: 'Golden Hands Sen Sok',
      km: 'ដៃមាស សែនសុខ',
      th: 'โกลเด้นแฮนด์ เซนซก',
      vi: 'Golden Hands Sen Sok',
      'zh-CN': '金手按摩 森速',
      'zh-TW': '金手按摩 森速',
    },
    addresses: {
      en: 'Street 1986, Sen Sok, Phnom Penh',
      km: 'ផ្លូវ ១៩៨៦ សែនសុខ ភ្នំពេញ',
      'zh-CN': '金边森速区1986街',
      'zh-TW': '金邊森速區1986街',
    },
    lat: 11.6,
    lng: 104.89,
    hours: [1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '12:00', closes: '22:00' })),
  },
  {
    city: 'sr',
    names: {
      en: 'Angkor Serenity Spa',
      km: 'ស្ប៉ាអង្គរ សេរីនីធី',
      th: 'อังกอร์ เซเรนิตี้ สปา',
      vi: 'Angkor Serenity Spa',
      'zh-CN': '吴哥宁静水疗',
      'zh-TW': '吳哥寧靜水療',
    },
    addresses: {
      en: 'Sivatha Boulevard, Siem Reap',
      km: 'មហាវិថីសិវុត្ថា សៀមរាប',
      'zh-CN': '暹粒西瓦塔大道',
      'zh-TW': '暹粒西瓦塔大道',
    },
    lat: 13.36,
    lng: 103.857,
    hours: DAILY('09:00', '23:00'),
  },
  {
    city: 'sr',
    names: {
      en: 'Old Market Reflexology',
      km: 'ម៉ាស្សាបាតជើង ផ្សារចាស់',
      th: 'นวดเท้า ตลาดเก่า',
      vi: 'Bấm huyệt Chợ Cũ',
      'zh-CN': '老市场足疗',
      'zh-TW': '老市場足療',
    },
    addresses: {
      en: 'Street 9, Old Market area, Siem Reap',
      km: 'ផ្លូវ ៩ តំបន់ផ្សារចាស់ សៀមរាប',
      'zh-CN': '暹粒老市场9街',
      'zh-TW': '暹粒老市場9街',
    },
    lat: 13.354,
    lng: 103.855,
    hours: DAILY('10:00', '00:00'),
  },
  {
    city: 'sr',
    names: {
      en: 'Temple Road Wellness',
      km: 'វែលណេស ផ្លូវប្រាសាទ',
      th: 'เทมเปิลโรด เวลเนส',
      vi: 'Temple Road Wellness',
      'zh-CN': '寺庙路养生馆',
      'zh-TW': '寺廟路養生館',
    },
    addresses: {
      en: 'Charles de Gaulle Road, Siem Reap',
      km: 'ផ្លូវឆាលដឺហ្គោល សៀមរាប',
      'zh-CN': '暹粒戴高乐路',
      'zh-TW': '暹粒戴高樂路',
    },
    lat: 13.37,
    lng: 103.86,
    hours: DAILY('08:00', '21:00'),
  },
];

const STORE_DESCRIPTION: LocalisedText = {
  en: 'A calm, air-conditioned spa with private rooms, showers and herbal tea. Licensed and inspected.',
  km: 'ស្ប៉ាស្ងប់ស្ងាត់ មានម៉ាស៊ីនត្រជាក់ បន្ទប់ឯកជន បន្ទប់ទឹក និងតែឱសថ។ មានអាជ្ញាប័ណ្ណ និងត្រូវបានត្រួតពិនិត្យ។',
  th: 'สปาเงียบสงบ ติดแอร์ มีห้องส่วนตัว ห้องอาบน้ำ และชาสมุนไพร ได้รับใบอนุญาตและผ่านการตรวจสอบ',
  vi: 'Spa yên tĩnh, có máy lạnh, phòng riêng, phòng tắm và trà thảo mộc. Có giấy phép và được kiểm tra.',
  'zh-CN': '安静的空调水疗馆，设有私人房间、淋浴和草本茶。持证经营，已通过检查。',
  'zh-TW': '安靜的空調水療館，設有私人房間、淋浴和草本茶。持證經營，已通過檢查。',
};

const BANNERS: { titles: LocalisedText; link: string }[] = [
  {
    titles: {
      en: 'Massage at home in 30 minutes',
      km: 'ម៉ាស្សានៅផ្ទះក្នុងរយៈពេល ៣០ នាទី',
      th: 'นวดถึงบ้านใน 30 นาที',
      vi: 'Massage tại nhà trong 30 phút',
      'zh-CN': '30分钟上门按摩',
      'zh-TW': '30分鐘到府按摩',
    },
    link: '/therapist/therapistList',
  },
  {
    titles: {
      en: 'VIP members save on every booking',
      km: 'សមាជិក VIP សន្សំលើការកក់រាល់ដង',
      th: 'สมาชิก VIP ประหยัดทุกการจอง',
      vi: 'Thành viên VIP tiết kiệm mỗi lần đặt',
      'zh-CN': 'VIP会员每单立省',
      'zh-TW': 'VIP會員每單立省',
    },
    link: '/my/vip/index',
  },
  {
    titles: {
      en: 'Visit a licensed spa near you',
      km: 'ទៅកាន់ស្ប៉ាមានអាជ្ញាប័ណ្ណនៅជិតអ្នក',
      th: 'ไปสปาที่ได้รับใบอนุญาตใกล้คุณ',
      vi: 'Ghé spa có giấy phép gần bạn',
      'zh-CN': '到附近持证门店体验',
      'zh-TW': '到附近持證門店體驗',
    },
    link: '/instore/index',
  },
];

async function cityIdByName(db: Db, english: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from cities where names->>'en' = ${english}`,
  );
  return row?.id;
}

/**
 * Demo catalogue: categories, projects in Phnom Penh and Siem Reap, 8 stores, 44 therapists with
 * varied languages, skills, states and ratings, reviews and banners. Runs once per database after
 * the demo cities exist (recorded in seed_runs), in one transaction.
 */
export async function seedCatalogDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  const seeded = await seedCatalogRows(db, now);
  // Hours too, or no demo therapist would ever be free (decision 036).
  if (seeded) await seedDemoWorkingHours(db);
  return seeded;
}

function seedCatalogRows(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const phnomPenh = await cityIdByName(tx, 'Phnom Penh');
    const siemReap = await cityIdByName(tx, 'Siem Reap');
    if (!phnomPenh || !siemReap) return false;
    const inserted = await tx
      .insert(seedRuns)
      .values({ name: CATALOG_DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (inserted.length === 0) return false;
    await seedCurrencyRates(tx);
    const rnd = random(20261122);
    const cityIds = { pp: phnomPenh, sr: siemReap };

    const categoryRows = await tx
      .insert(categories)
      .values(
        SERVICE_KINDS.map((kind, index) => ({
          code: kind.code,
          names: kind.names,
          icon: demoImageUrl('category', kind.code.replace('_', '-')),
          sortOrder: index + 1,
        })),
      )
      .returning({ id: categories.id, code: categories.code });
    const categoryId = new Map(categoryRows.map((c) => [c.code, c.id]));

    // Siem Reap is a little cheaper than the capital.
    const projects: Record<'pp' | 'sr', { id: number; code: string; price: number }[]> = { pp: [], sr: [] };
    for (const city of ['pp', 'sr'] as const) {
      const factor = city === 'pp' ? 1 : 0.9;
      const rows = await tx
        .insert(serviceProjects)
        .values(
          SERVICE_KINDS.map((kind, index) => {
            const [price, member, extra] = kind.cents.map((c) => Math.round((c * factor) / 50) * 50) as [
              number,
              number,
              number,
            ];
            const key = kind.code.replace('_', '-');
            return {
              cityId: cityIds[city],
              categoryId: categoryId.get(kind.code) as number,
              names: kind.names,
              descriptions: kind.descriptions,
              photos: [demoImageUrl('project', `${key}-1`), demoImageUrl('project', `${key}-2`)],
              durationMinutes: kind.durationMinutes,
              price,
              memberPrice: member,
              currency: 'USD',
              extraUnitMinutes: kind.extraUnitMinutes,
              extraUnitPrice: extra,
              orderCount: rnd.int(20, 1500),
              sortOrder: index + 1,
            };
          }),
        )
        .returning({ id: serviceProjects.id, price: serviceProjects.price });
      projects[city] = rows.map((row, index) => ({
        id: row.id,
        code: SERVICE_KINDS[index]?.code ?? '',
        price: Number(row.price),
      }));
    }

    const storeRows = await tx
      .insert(stores)
      .values(
        STORES.map((store, index) => ({
          cityId: cityIds[store.city],
          names: store.names,
          descriptions: STORE_DESCRIPTION,
          addresses: store.addresses,
          latitude: store.lat,
          longitude: store.lng,
          phone: `+855 23 ${String(880100 + index * 37).slice(0, 3)} ${String(100 + index * 11)}`,
          photos: [demoImageUrl('store', `${index + 1}-1`), demoImageUrl('store', `${index + 1}-2`)],
          openingHours: store.hours,
          licenceNumber: `MOT-${store.city.toUpperCase()}-2025-${String(1040 + index * 7)}`,
          licenceImage: demoImageUrl('licence', String(index + 1)),
          licenceVerifiedAt: index === 4 ? null : new Date('2025-11-01T00:00:00Z'),
          rating: Math.round((4 + rnd.next()) * 10) / 10,
          reviewCount: 0,
          orderCount: rnd.int(100, 3000),
        })),
      )
      .returning({ id: stores.id });
    const storeIds = storeRows.map((s) => s.id);
    const storesOf = { pp: storeIds.slice(0, 5), sr: storeIds.slice(5) };
    const storeProjectRows = STORES.flatMap((store, index) =>
      rnd
        .sample(projects[store.city], index === 6 ? 3 : 6)
        .map((p) => ({ storeId: storeIds[index] as number, projectId: p.id })),
    );
    await tx.insert(storeProjects).values(storeProjectRows);

    // 44 therapists: 30 in Phnom Penh, 14 in Siem Reap.
    const people = [
      ...FEMALE_NAMES.map((name) => ({ name, gender: 'female' as const })),
      ...MALE_NAMES.map((name) => ({ name, gender: 'male' as const })),
    ];
    const extra = [
      { name: 'Srey Pov', gender: 'female' as const },
      { name: 'Kimly', gender: 'female' as const },
      { name: 'Sopheak', gender: 'female' as const },
      { name: 'Ratana', gender: 'female' as const },
      { name: 'Heng', gender: 'male' as const },
      { name: 'Chantrea', gender: 'female' as const },
      { name: 'Sovann', gender: 'male' as const },
      { name: 'Sreynich', gender: 'female' as const },
      { name: 'Mony', gender: 'female' as const },
    ];
    const everyone = [...people, ...extra].slice(0, 44);
    const plans = everyone.map((person, index) => {
      const city: 'pp' | 'sr' = index < 30 ? 'pp' : 'sr';
      const centre = city === 'pp' ? { lat: 11.5564, lng: 104.9282 } : { lat: 13.3633, lng: 103.8564 };
      const native = NATIVE[person.name] ?? { nationality: 'KH', languages: ['km'] };
      const languages = [
        ...new Set([
          ...native.languages,
          ...(rnd.next() < 0.6 ? ['en'] : []),
          ...(rnd.next() < 0.2 ? ['zh'] : []),
        ]),
      ];
      const offered = rnd.sample(projects[city], rnd.int(2, 5));
      const skills = offered.map((p) => p.code);
      const roll = rnd.next();
      // Online or resting (their own switch); who is free now or later follows from working hours.
      const state = index % 13 === 5 || roll >= 0.85 ? 'resting' : 'available';
      const key = `${person.gender}-${index + 1}`;
      const mainSkill = SERVICE_KINDS.find((k) => k.code === skills[0]) ?? SERVICE_KINDS[0];
      const district = rnd.pick(DISTRICTS[city]);
      return {
        offered,
        values: {
          cityId: cityIds[city],
          storeId: rnd.next() < 0.45 ? rnd.pick(storesOf[city]) : null,
          displayName: person.name,
          gender: person.gender,
          avatar: demoImageUrl('avatar', key),
          photos: [
            demoImageUrl('avatar', key),
            demoImageUrl('photo', `${key}-a`),
            demoImageUrl('photo', `${key}-b`),
          ],
          introductions: introduction(person.name, rnd.int(2, 15), mainSkill?.names ?? { en: 'massage' }),
          serviceAreas: district,
          serviceRadiusKm: rnd.pick([5, 8, 10, 15]),
          skills,
          languages,
          nationality: native.nationality,
          latitude: centre.lat + (rnd.next() - 0.5) * 0.09,
          longitude: centre.lng + (rnd.next() - 0.5) * 0.09,
          rating: Math.round((3.6 + rnd.next() * 1.4) * 10) / 10,
          reviewCount: 0,
          orderCount: rnd.int(3, 900),
          state: state as 'available' | 'resting',
          // One banned profile shows that banned therapists never appear.
          isBanned: index === 17,
          fromPrice: Math.min(...offered.map((p) => p.price)),
          currency: 'USD',
        },
      };
    });
    const therapistRows = await tx
      .insert(therapists)
      .values(plans.map((p) => p.values))
      .returning({ id: therapists.id });

    await tx
      .insert(therapistProjects)
      .values(
        therapistRows.flatMap((row, index) =>
          (plans[index]?.offered ?? []).map((p) => ({ therapistId: row.id, projectId: p.id })),
        ),
      );
    await tx.insert(therapistCertificates).values(
      therapistRows.flatMap((row, index) => [
        { therapistId: row.id, kind: 'real_name' as const, verifiedAt: index % 9 === 3 ? null : now },
        ...(index % 3 !== 2
          ? [
              {
                therapistId: row.id,
                kind: 'health_check' as const,
                issuedOn: '2026-06-01',
                verifiedAt: now,
              },
            ]
          : []),
        ...(index % 4 === 0
          ? [{ therapistId: row.id, kind: 'skill' as const, issuedOn: '2024-03-15', verifiedAt: now }]
          : []),
      ]),
    );

    const reviewRows = [
      ...therapistRows.flatMap((row) =>
        Array.from({ length: rnd.int(1, 4) }, (_, i) => ({
          therapistId: row.id,
          rating: rnd.pick([4, 5, 5, 5, 3, 4]),
          text: rnd.pick(REVIEW_TEXTS),
          authorName: rnd.pick(REVIEW_AUTHORS),
          createdAt: new Date(now.getTime() - (i + 1) * rnd.int(1, 20) * 86_400_000),
        })),
      ),
      ...storeIds.flatMap((storeId) =>
        Array.from({ length: rnd.int(2, 4) }, (_, i) => ({
          storeId,
          rating: rnd.pick([4, 5, 5, 3]),
          text: rnd.pick(REVIEW_TEXTS),
          authorName: rnd.pick(REVIEW_AUTHORS),
          createdAt: new Date(now.getTime() - (i + 1) * rnd.int(1, 30) * 86_400_000),
        })),
      ),
    ];
    await tx.insert(reviews).values(reviewRows);
    // Ratings and counts follow the reviews just written, as every later review keeps them (decision 049).
    await tx.execute(
      sql`update therapists t set review_count = (select count(*) from reviews r where r.therapist_id = t.id),
            rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r where r.therapist_id = t.id), 0)`,
    );
    await tx.execute(
      sql`update stores s set review_count = (select count(*) from reviews r where r.store_id = s.id),
            rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r where r.store_id = s.id), 0)`,
    );

    await tx.insert(banners).values(
      BANNERS.map((banner, index) => ({
        titles: banner.titles,
        imageUrl: demoImageUrl('banner', String(index + 1)),
        link: banner.link,
        sortOrder: index + 1,
      })),
    );
    return true;
  });
}

/**
 * Working weeks for the demo therapists, so the cards show every state from real rules (decision
 * 036): whether one is "available now", "bookable from 14:00" or fully booked follows from these
 * hours and live orders at the moment of looking. Four patterns by id: 08:00–20:00 every day,
 * 10:00–22:00 with one day off a week, 14:00–24:00, and a night shift 20:00–08:00 (so someone is
 * free at almost any hour).
 * Only demo rows without any hours are given some (so a therapist's own edit is kept, and a demo
 * database seeded before hours existed gets them on its next start); the demo catalogue must have
 * been seeded here, and the therapist still wears a generated demo avatar.
 */
export async function seedDemoWorkingHours(db: Db): Promise<number> {
  const rows = await queryRows<{ therapist_id: number }>(
    db,
    sql`insert into therapist_working_hours (therapist_id, weekday, start_time, end_time)
      select t.id, w,
        (array['08:00', '10:00', '14:00', '20:00'])[1 + t.id % 4],
        (array['20:00', '22:00', '24:00', '08:00'])[1 + t.id % 4]
      from therapists t cross join generate_series(1, 7) w
      where t.avatar like ${`${DEMO_IMAGE_PATH}avatar-%`}
        and not (t.id % 4 = 1 and w = 1 + t.id % 7)
        and not exists (select 1 from therapist_working_hours h where h.therapist_id = t.id)
        and exists (select 1 from seed_runs s where s.name = ${CATALOG_DEMO_SEED_NAME})
      on conflict do nothing
      returning therapist_id`,
  );
  return new Set(rows.map((row) => row.therapist_id)).size;
}
