import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import { appConfigs, countries, currencyRates } from '../schema';
import { seedHelpContent } from './help-content';

/** [iso2, dialling code, currency]; the first five lead the picker, the rest are alphabetical by name. */
const COUNTRIES: [string, string, string][] = [
  ['KH', '855', 'KHR'],
  ['CN', '86', 'CNY'],
  ['TH', '66', 'THB'],
  ['VN', '84', 'VND'],
  ['US', '1', 'USD'],
  ['LA', '856', 'LAK'],
  ['MM', '95', 'MMK'],
  ['MY', '60', 'MYR'],
  ['SG', '65', 'SGD'],
  ['ID', '62', 'IDR'],
  ['PH', '63', 'PHP'],
  ['BN', '673', 'BND'],
  ['TL', '670', 'USD'],
  ['HK', '852', 'HKD'],
  ['MO', '853', 'MOP'],
  ['TW', '886', 'TWD'],
  ['JP', '81', 'JPY'],
  ['KR', '82', 'KRW'],
  ['IN', '91', 'INR'],
  ['BD', '880', 'BDT'],
  ['AU', '61', 'AUD'],
  ['NZ', '64', 'NZD'],
  ['GB', '44', 'GBP'],
  ['FR', '33', 'EUR'],
  ['DE', '49', 'EUR'],
  ['RU', '7', 'RUB'],
  ['CA', '1', 'CAD'],
];

/**
 * Data every installation needs (not demo data): the countries of the phone picker and the config
 * rows clients read. Idempotent, so it runs at every start and picks up additions.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(
      COUNTRIES.map(([iso2, areaCode, currency], index) => ({
        iso2,
        areaCode,
        currency,
        sortOrder: index < 5 ? index + 1 : 100,
      })),
    )
    .onConflictDoNothing({ target: countries.iso2 });

  await db
    .insert(appConfigs)
    .values([
      {
        type: 3099,
        value: JSON.stringify({ isOpen: false, link: '/my/vip' }),
        description: 'Annual VIP membership: on sale, and its page',
      },
      {
        type: 3100,
        value: JSON.stringify({
          tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          datum: 'wgs84',
          attribution: '© OpenStreetMap',
        }),
        description: 'Map tiles: XYZ tile URL template (or "none"), its datum (wgs84 | gcj02), attribution',
      },
    ])
    .onConflictDoNothing({ target: appConfigs.type });
  await seedCurrencyRates(db);
  await seedHelpContent(db);
}

export async function countryIdByIso2(db: Db, iso2: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from countries where iso2 = ${iso2}`);
  const id = row?.id;
  if (id === undefined) throw new Error(`Reference country ${iso2} missing`);
  return id;
}

/** Display rates (units per US dollar). Reference data: every installation needs them. */
const CURRENCY_RATES: [string, number, number][] = [
  ['USD', 1, 2],
  ['KHR', 4100, 0],
  ['THB', 36, 2],
  ['VND', 25400, 0],
  ['CNY', 7.2, 2],
];

/** Idempotent: inserts missing display rates, never overwrites rates an operator has updated. */
export async function seedCurrencyRates(db: Db): Promise<void> {
  await db
    .insert(currencyRates)
    .values(CURRENCY_RATES.map(([currency, perUsd, minorDigits]) => ({ currency, perUsd, minorDigits })))
    .onConflictDoNothing({ target: currencyRates.currency });
}
