import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appConfigs, appVersions, cities, seedRuns } from '../db/schema';
import { countryIdByIso2 } from '../db/seed/reference';

type DemoCity = {
  iso2: string;
  status: 'open' | 'voting' | 'closed';
  timeZone: string;
  currency: string;
  latitude: number;
  longitude: number;
  names: Record<string, string>;
};

const DEMO_CITIES: DemoCity[] = [
  {
    iso2: 'KH',
    status: 'open',
    timeZone: 'Asia/Phnom_Penh',
    currency: 'USD',
    latitude: 11.5564,
    longitude: 104.9282,
    names: {
      en: 'Phnom Penh',
      km: 'ភ្នំពេញ',
      th: 'พนมเปญ',
      vi: 'Phnôm Pênh',
      'zh-CN': '金边',
      'zh-TW': '金邊',
    },
  },
  {
    iso2: 'KH',
    status: 'open',
    timeZone: 'Asia/Phnom_Penh',
    currency: 'USD',
    latitude: 13.3633,
    longitude: 103.8564,
    names: {
      en: 'Siem Reap',
      km: 'សៀមរាប',
      th: 'เสียมราฐ',
      vi: 'Xiêm Riệp',
      'zh-CN': '暹粒',
      'zh-TW': '暹粒',
    },
  },
  {
    iso2: 'KH',
    status: 'voting',
    timeZone: 'Asia/Phnom_Penh',
    currency: 'USD',
    latitude: 10.6253,
    longitude: 103.5234,
    names: {
      en: 'Sihanoukville',
      km: 'ក្រុងព្រះសីហនុ',
      th: 'สีหนุวิลล์',
      vi: 'Sihanoukville',
      'zh-CN': '西哈努克城',
      'zh-TW': '西哈努克城',
    },
  },
  {
    iso2: 'TH',
    status: 'voting',
    timeZone: 'Asia/Bangkok',
    currency: 'THB',
    latitude: 13.7563,
    longitude: 100.5018,
    names: {
      en: 'Bangkok',
      km: 'បាងកក',
      th: 'กรุงเทพมหานคร',
      vi: 'Băng Cốc',
      'zh-CN': '曼谷',
      'zh-TW': '曼谷',
    },
  },
  {
    iso2: 'VN',
    status: 'voting',
    timeZone: 'Asia/Ho_Chi_Minh',
    currency: 'VND',
    latitude: 10.8231,
    longitude: 106.6297,
    names: {
      en: 'Ho Chi Minh City',
      km: 'ទីក្រុងហូជីមិញ',
      th: 'นครโฮจิมินห์',
      vi: 'Thành phố Hồ Chí Minh',
      'zh-CN': '胡志明市',
      'zh-TW': '胡志明市',
    },
  },
];

const DEMO_SEED_NAME = 'demo-platform-v1';

/**
 * Demo data that makes a fresh installation feel alive. Runs once per database (recorded in
 * seed_runs) inside one transaction, so a crash half-way leaves nothing behind.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(seedRuns)
      .values({ name: DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (inserted.length === 0) return false;

    for (const [index, city] of DEMO_CITIES.entries()) {
      const { iso2, ...rest } = city;
      await tx
        .insert(cities)
        .values({ ...rest, countryId: await countryIdByIso2(tx, iso2), sortOrder: index + 1 });
    }

    await tx.insert(appVersions).values([
      {
        classify: 1,
        version: '2.6.81',
        description: 'Faster booking and clearer order tracking.',
        publishedAt: new Date('2026-09-01T00:00:00Z'),
      },
      {
        classify: 1,
        version: '2.6.82',
        description: 'Khmer and Thai text improvements; bug fixes.',
        publishedAt: new Date('2026-10-15T00:00:00Z'),
      },
    ]);

    // The demo shows the membership entry; a fresh production install starts with it closed.
    await tx
      .update(appConfigs)
      .set({ value: JSON.stringify({ isOpen: true, link: '/my/vip' }) })
      .where(eq(appConfigs.type, 3099));
    return true;
  });
}
