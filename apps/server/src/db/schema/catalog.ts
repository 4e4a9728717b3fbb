import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cities } from './geo';

/** PostgreSQL's 64-bit transaction id (drizzle has no built-in type for it). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** Text per language code (en, km, th, vi, zh-CN, zh-TW); `en` is always present. */
export type LocalisedText = Record<string, string>;
/**
 * The therapist's own switch: 'resting' is offline (never listed, never bookable). Whether an online
 * therapist is free now or later is derived from hours and live orders, never stored (decision 036).
 */
export type TherapistState = 'available' | 'resting';
export type CertificateKind = 'real_name' | 'health_check' | 'skill';
export interface OpeningHours {
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  day: number;
  opens: string;
  closes: string;
}

/**
 * Every language's text in one lower-cased string, so one trigram index serves a search in any
 * language (a query in Khmer matches the Khmer name; the answer is then named in the caller's).
 */
const allLanguages = (column: string) =>
  sql.raw(
    `lower(coalesce(${column}->>'en','') || ' ' || coalesce(${column}->>'km','') || ' ' || coalesce(${column}->>'th','') || ' ' || coalesce(${column}->>'vi','') || ' ' || coalesce(${column}->>'zh-CN','') || ' ' || coalesce(${column}->>'zh-TW',''))`,
  );

/** What a service project belongs to (Khmer massage, foot reflexology…): home-page entries and skills. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  names: jsonb('names').$type<LocalisedText>().notNull(),
  icon: text('icon').notNull().default(''),
  sortOrder: smallint('sort_order').notNull().default(100),
});

/** What is booked: a service of a given length and price in one city, in that city's currency. */
export const serviceProjects = pgTable(
  'service_projects',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    names: jsonb('names').$type<LocalisedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalisedText>().notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    durationMinutes: integer('duration_minutes').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    memberPrice: bigint('member_price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    extraUnitMinutes: integer('extra_unit_minutes').notNull(),
    extraUnitPrice: bigint('extra_unit_price', { mode: 'number' }).notNull(),
    orderCount: integer('order_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(100),
    searchText: text('search_text').generatedAlwaysAs(allLanguages('names')),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_projects_city').on(table.cityId, table.sortOrder),
    index('service_projects_search').using('gin', table.searchText.op('gin_trgm_ops')),
    check('service_projects_duration_positive', sql`${table.durationMinutes} > 0`),
    check('service_projects_price_nonnegative', sql`${table.price} >= 0`),
    check('service_projects_member_price', sql`${table.memberPrice} between 0 and ${table.price}`),
    check('service_projects_extra_unit', sql`${table.extraUnitMinutes} > 0 and ${table.extraUnitPrice} >= 0`),
    check('service_projects_currency_format', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('service_projects_names_has_en', sql`${table.names} ? 'en'`),
  ],
);

/** A shop customers visit. Coordinates are WGS-84. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    names: jsonb('names').$type<LocalisedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalisedText>().notNull(),
    addresses: jsonb('addresses').$type<LocalisedText>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    openingHours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
    licenceNumber: text('licence_number').notNull().default(''),
    licenceImage: text('licence_image').notNull().default(''),
    licenceVerifiedAt: timestamp('licence_verified_at', { withTimezone: true }),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    searchText: text('search_text').generatedAlwaysAs(allLanguages('names')),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Nearest-first lists: KNN on the earth cube (`<->`) walks this index in distance order.
    index('stores_location_knn').using('gist', sql`ll_to_earth(latitude, longitude)`).where(sql`is_active`),
    index('stores_search').using('gin', table.searchText.op('gin_trgm_ops')),
    check('stores_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('stores_longitude_range', sql`${table.longitude} between -180 and 180`),
    check('stores_rating_range', sql`${table.rating} between 0 and 5`),
    check('stores_names_has_en', sql`${table.names} ? 'en'`),
  ],
);

/**
 * A provider customers book. `latitude/longitude` is where they are based (WGS-84); `fromPrice` is
 * the cheapest of their projects, kept here so "sort by price" needs no join.
 */
export const therapists = pgTable(
  'therapists',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    storeId: integer('store_id').references(() => stores.id),
    /** The login account behind the profile, once identity links providers to users. */
    userId: integer('user_id'),
    displayName: text('display_name').notNull(),
    gender: text('gender').$type<'female' | 'male'>().notNull(),
    avatar: text('avatar').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    introductions: jsonb('introductions').$type<LocalisedText>().notNull(),
    serviceAreas: jsonb('service_areas').$type<LocalisedText>().notNull(),
    serviceRadiusKm: smallint('service_radius_km').notNull().default(10),
    /** Category codes the therapist is skilled in. */
    skills: text('skills').array().notNull().default(sql`'{}'`),
    /** Languages spoken (language codes: en, km, th, vi, zh). */
    languages: text('languages').array().notNull().default(sql`'{}'`),
    nationality: text('nationality').notNull().default('KH'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    state: text('state').$type<TherapistState>().notNull().default('resting'),
    isBanned: boolean('is_banned').notNull().default(false),
    fromPrice: bigint('from_price', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    /**
     * Copies kept by triggers (migration 0006) so the list's nearest-first scan reads one table:
     * the projects offered (source: therapist_projects) and the kinds of verified certificates
     * (source: therapist_certificates).
     */
    projectIds: integer('project_ids').array().notNull().default(sql`'{}'`),
    badges: text('badges').array().$type<CertificateKind[]>().notNull().default(sql`'{}'`),
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(`lower(display_name || ' ' || coalesce(introductions->>'en',''))`),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a trigger on every change (migration 0008). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction that last changed the row (trigger, migration 0010). The nearby index reads
     * rows changed by transactions at or after the oldest one still running at its previous look,
     * so a slow transaction is never missed and a finished one is read once.
     */
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    index('therapists_updated').on(table.updatedAt),
    index('therapists_changed_xid').on(table.changedXid),
    // Only listable therapists (not banned, not resting) are indexed: the list's default query
    // walks this index nearest-first with `<->` and stops after one page.
    index('therapists_listable_knn')
      .using('gist', sql`ll_to_earth(latitude, longitude)`)
      .where(sql`not is_banned and state <> 'resting'`),
    index('therapists_listable_rating')
      .on(table.cityId, table.rating.desc(), table.id)
      .where(sql`not is_banned and state <> 'resting'`),
    index('therapists_listable_popularity')
      .on(table.cityId, table.orderCount.desc(), table.id)
      .where(sql`not is_banned and state <> 'resting'`),
    index('therapists_listable_price')
      .on(table.cityId, table.fromPrice, table.id)
      .where(sql`not is_banned and state <> 'resting'`),
    index('therapists_store').on(table.storeId),
    index('therapists_search').using('gin', table.searchText.op('gin_trgm_ops')),
    check('therapists_gender_known', sql`${table.gender} in ('female', 'male')`),
    check('therapists_state_known', sql`${table.state} in ('available', 'resting')`),
    check('therapists_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('therapists_longitude_range', sql`${table.longitude} between -180 and 180`),
    check('therapists_rating_range', sql`${table.rating} between 0 and 5`),
    check('therapists_from_price_nonnegative', sql`${table.fromPrice} >= 0`),
  ],
);

export const therapistProjects = pgTable(
  'therapist_projects',
  {
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => serviceProjects.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.therapistId, table.projectId] }),
    index('therapist_projects_project').on(table.projectId, table.therapistId),
  ],
);

export const storeProjects = pgTable(
  'store_projects',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => serviceProjects.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.projectId] }),
    index('store_projects_project').on(table.projectId, table.storeId),
  ],
);

/** Certificates a therapist uploaded; verified ones are shown as badges. */
export const therapistCertificates = pgTable(
  'therapist_certificates',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CertificateKind>().notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [
    index('therapist_certificates_therapist').on(table.therapistId),
    check('therapist_certificates_kind_known', sql`${table.kind} in ('real_name', 'health_check', 'skill')`),
  ],
);

/**
 * Reviews shown on therapist and store pages. Customers' reviews come from the reviews module
 * (decision 049): one per order (`order_id` unique), written with the rating upkeep of the therapist
 * and store in one transaction. Demo rows have no order. A hidden review counts nowhere.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id').references(() => therapists.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reviewed order (booking's `orders.id`); null only for demo rows. */
    orderId: integer('order_id').unique('reviews_one_per_order'),
    customerId: integer('customer_id'),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    photoKeys: text('photo_keys').array().notNull().default(sql`'{}'`),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    index('reviews_therapist').on(table.therapistId, table.createdAt.desc()),
    index('reviews_store').on(table.storeId, table.createdAt.desc()),
    index('reviews_customer').on(table.customerId),
    check('reviews_tag_count', sql`cardinality(${table.tags}) <= 3`),
    check('reviews_photo_count', sql`cardinality(${table.photoKeys}) <= 6`),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_has_target', sql`${table.therapistId} is not null or ${table.storeId} is not null`),
  ],
);

/** Home-page banners; a null city shows everywhere. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id').references(() => cities.id),
    titles: jsonb('titles').$type<LocalisedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    link: text('link').notNull().default(''),
    sortOrder: smallint('sort_order').notNull().default(100),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('banners_city').on(table.cityId, table.sortOrder)],
);

/** Display conversion only: amounts stay in the city's currency; the web converts for showing. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').primaryKey(),
    /** Units of `currency` one US dollar buys. */
    perUsd: doublePrecision('per_usd').notNull(),
    /** Minor units per major unit (USD 2, KHR 0, VND 0). */
    minorDigits: smallint('minor_digits').notNull().default(2),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('currency_rates_currency_format', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('currency_rates_positive', sql`${table.perUsd} > 0`),
  ],
);
