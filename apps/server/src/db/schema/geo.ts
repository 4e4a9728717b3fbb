import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Countries a user may come from: dialling code and local currency. Names come from Intl per language. */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    iso2: text('iso2').notNull().unique(),
    areaCode: text('area_code').notNull(),
    currency: text('currency').notNull(),
    sortOrder: smallint('sort_order').notNull().default(100),
  },
  (table) => [
    check('countries_iso2_format', sql`${table.iso2} ~ '^[A-Z]{2}$'`),
    check('countries_area_code_format', sql`${table.areaCode} ~ '^[0-9]{1,4}$'`),
    check('countries_currency_format', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export type CityStatus = 'open' | 'voting' | 'closed';

/** Cities the marketplace serves (open) or is gathering votes for. Names are stored per language. */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    status: text('status').$type<CityStatus>().notNull().default('closed'),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    sortOrder: smallint('sort_order').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cities_status_known', sql`${table.status} in ('open', 'voting', 'closed')`),
    check('cities_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('cities_longitude_range', sql`${table.longitude} between -180 and 180`),
    check('cities_names_has_en', sql`${table.names} ? 'en'`),
  ],
);
