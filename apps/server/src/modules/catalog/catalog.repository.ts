import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type RawColumns } from '../../db/client';
import {
  banners,
  categories,
  currencyRates,
  reviews,
  serviceProjects,
  storeProjects,
  stores,
  therapistCertificates,
  therapistProjects,
  therapists,
} from '../../db/schema';
import type { NearbyRow } from './nearby-index';

export type CategoryRow = typeof categories.$inferSelect;
export type ProjectRow = typeof serviceProjects.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type TherapistRow = typeof therapists.$inferSelect;
/** A store's `opening_hours` column. */
export type { OpeningHours } from '../../db/schema';

/** The columns a therapist card needs, plus its verified badges, as one row per therapist. */
export interface TherapistCardRow {
  id: number;
  city_id: number;
  store_id: number | null;
  display_name: string;
  avatar: string;
  gender: 'female' | 'male';
  rating: number;
  review_count: number;
  order_count: number;
  languages: string[];
  skills: string[];
  /** The therapist's own on/off switch; whether they are free is derived (decision 036). */
  state: 'available' | 'resting';
  latitude: number;
  longitude: number;
  from_price: number;
  currency: string;
  badges: string[];
}

export interface StoreCardRow {
  id: number;
  city_id: number;
  names: Record<string, string>;
  addresses: Record<string, string>;
  photos: string[];
  latitude: number;
  longitude: number;
  rating: number;
  review_count: number;
  order_count: number;
  opening_hours: { day: number; opens: string; closes: string }[];
}

export interface TherapistFilter {
  cityId: number;
  origin: { lat: number; lng: number };
  gender?: 'female' | 'male' | undefined;
  language?: string | undefined;
  projectId?: number | undefined;
  storeId?: number | undefined;
  therapistIds?: number[] | undefined;
  sort: 'distance' | 'rating' | 'price' | 'popularity';
  limit: number;
  offset: number;
}

const THERAPIST_CARD_COLUMNS = sql.raw(`t.id, t.city_id, t.store_id, t.display_name, t.avatar, t.gender,
  t.rating, t.review_count, t.order_count, t.languages, t.skills, t.state,
  t.latitude, t.longitude, t.from_price, t.currency, t.badges`);

/** from_price is int8, which node-postgres reads as a string. */
const THERAPIST_CARD_TYPES = {
  from_price: 'number',
} as const satisfies RawColumns<TherapistCardRow>;

const STORE_CARD_COLUMNS = sql.raw(`s.id, s.city_id, s.names, s.addresses, s.photos, s.latitude, s.longitude,
  s.rating, s.review_count, s.order_count, s.opening_hours`);

/** Listable = not banned and not resting; the partial indexes cover exactly these rows. */
const LISTABLE = sql.raw(`not t.is_banned and t.state <> 'resting'`);

function therapistOrder(filter: TherapistFilter): SQL {
  switch (filter.sort) {
    case 'rating':
      return sql`t.rating desc, t.id`;
    case 'price':
      return sql`t.from_price, t.id`;
    case 'popularity':
      return sql`t.order_count desc, t.id`;
    default:
      // KNN: the GiST index on ll_to_earth walks rows nearest-first and stops after a page.
      return sql`ll_to_earth(t.latitude, t.longitude) <-> ll_to_earth(${filter.origin.lat}::float8, ${filter.origin.lng}::float8)`;
  }
}

export function therapistListQuery(filter: TherapistFilter): SQL {
  const conditions: SQL[] = [LISTABLE, sql`t.city_id = ${filter.cityId}`];
  if (filter.gender) conditions.push(sql`t.gender = ${filter.gender}`);
  if (filter.language) conditions.push(sql`t.languages @> array[${filter.language}]::text[]`);
  if (filter.projectId) {
    // project_ids mirrors therapist_projects (trigger-maintained), so no per-row join in the scan.
    conditions.push(sql`t.project_ids @> array[${filter.projectId}]::int[]`);
  }
  if (filter.storeId) conditions.push(sql`t.store_id = ${filter.storeId}`);
  if (filter.therapistIds) {
    conditions.push(sql`t.id = any(${`{${filter.therapistIds.join(',')}}`}::int[])`);
  }
  return sql`select ${THERAPIST_CARD_COLUMNS} from therapists t
    where ${sql.join(conditions, sql` and `)}
    order by ${therapistOrder(filter)}
    limit ${filter.limit} offset ${filter.offset}`;
}

export function createCatalogRepository(db: Db) {
  return {
    listCategories: (): Promise<CategoryRow[]> =>
      db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),

    listProjects: (cityId: number, categoryId?: number): Promise<ProjectRow[]> =>
      db
        .select()
        .from(serviceProjects)
        .where(
          and(
            eq(serviceProjects.cityId, cityId),
            eq(serviceProjects.isActive, true),
            categoryId ? eq(serviceProjects.categoryId, categoryId) : undefined,
          ),
        )
        .orderBy(asc(serviceProjects.sortOrder), asc(serviceProjects.id)),

    async findProject(id: number): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(serviceProjects)
        .where(and(eq(serviceProjects.id, id), eq(serviceProjects.isActive, true)))
        .limit(1);
      return row;
    },

    async countProviders(projectId: number): Promise<{ therapists: number; stores: number }> {
      const [row] = await queryRows<{ therapists: number; stores: number }>(
        db,
        sql`select
          (select count(*)::int from therapist_projects tp join therapists t on t.id = tp.therapist_id
            where tp.project_id = ${projectId} and not t.is_banned) as therapists,
          (select count(*)::int from store_projects sp join stores s on s.id = sp.store_id
            where sp.project_id = ${projectId} and s.is_active) as stores`,
      );
      return row ?? { therapists: 0, stores: 0 };
    },

    projectsOfTherapist: (therapistId: number): Promise<ProjectRow[]> =>
      db
        .select(serviceProjectColumns)
        .from(therapistProjects)
        .innerJoin(serviceProjects, eq(serviceProjects.id, therapistProjects.projectId))
        .where(and(eq(therapistProjects.therapistId, therapistId), eq(serviceProjects.isActive, true)))
        .orderBy(asc(serviceProjects.sortOrder), asc(serviceProjects.id)),

    projectsOfStore: (storeId: number): Promise<ProjectRow[]> =>
      db
        .select(serviceProjectColumns)
        .from(storeProjects)
        .innerJoin(serviceProjects, eq(serviceProjects.id, storeProjects.projectId))
        .where(and(eq(storeProjects.storeId, storeId), eq(serviceProjects.isActive, true)))
        .orderBy(asc(serviceProjects.sortOrder), asc(serviceProjects.id)),

    /**
     * Rows for the nearby index: every listable therapist at first, then every row changed by a
     * transaction at or after `sinceXmin`. Answers the oldest transaction still running before the
     * rows are read (the next call's `sinceXmin`): anything it has not seen committed is at or
     * after it.
     */
    async loadNearbyRows(sinceXmin: string | null): Promise<{ rows: NearbyRow[]; xmin: string }> {
      const [snapshot] = await queryRows<{ xmin: string }>(
        db,
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
      );
      const rows = await queryRows<NearbyRow>(
        db,
        sinceXmin
          ? sql`select ${THERAPIST_CARD_COLUMNS}, t.project_ids, t.is_banned from therapists t
              where t.changed_xid >= ${sinceXmin}::xid8`
          : sql`select ${THERAPIST_CARD_COLUMNS}, t.project_ids, t.is_banned from therapists t
              where ${LISTABLE}`,
        THERAPIST_CARD_TYPES,
      );
      return { rows, xmin: snapshot?.xmin as string };
    },

    listTherapists: (filter: TherapistFilter): Promise<TherapistCardRow[]> =>
      queryRows<TherapistCardRow>(db, therapistListQuery(filter), THERAPIST_CARD_TYPES),

    /** A therapist's full row (banned ones included: the service decides what to show). */
    async findTherapist(id: number): Promise<TherapistRow | undefined> {
      const [row] = await db.select().from(therapists).where(eq(therapists.id, id)).limit(1);
      return row;
    },

    certificatesOf: (therapistId: number) =>
      db
        .select()
        .from(therapistCertificates)
        .where(
          and(
            eq(therapistCertificates.therapistId, therapistId),
            isNotNull(therapistCertificates.verifiedAt),
          ),
        )
        .orderBy(asc(therapistCertificates.kind)),

    reviewsOfTherapist: (therapistId: number, limit: number) =>
      db
        .select()
        .from(reviews)
        // A review customer service hid breaks the rules: no reader sees it (decision 049).
        .where(and(eq(reviews.therapistId, therapistId), isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit),

    reviewsOfStore: (storeId: number, limit: number) =>
      db
        .select()
        .from(reviews)
        // A review customer service hid breaks the rules: no reader sees it (decision 049).
        .where(and(eq(reviews.storeId, storeId), isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit),

    listStores: (filter: {
      cityId: number;
      origin: { lat: number; lng: number };
      limit: number;
      offset: number;
      storeIds?: number[];
    }): Promise<StoreCardRow[]> =>
      queryRows<StoreCardRow>(
        db,
        sql`select ${STORE_CARD_COLUMNS} from stores s
          where s.is_active and s.city_id = ${filter.cityId}
          ${filter.storeIds ? sql`and s.id = any(${`{${filter.storeIds.join(',')}}`}::int[])` : sql``}
          order by ll_to_earth(s.latitude, s.longitude) <-> ll_to_earth(${filter.origin.lat}::float8, ${filter.origin.lng}::float8)
          limit ${filter.limit} offset ${filter.offset}`,
      ),

    async findStore(id: number): Promise<StoreRow | undefined> {
      const [row] = await db
        .select()
        .from(stores)
        .where(and(eq(stores.id, id), eq(stores.isActive, true)))
        .limit(1);
      return row;
    },

    listBanners: (cityId: number) =>
      db
        .select()
        .from(banners)
        .where(and(eq(banners.isActive, true), or(isNull(banners.cityId), eq(banners.cityId, cityId))))
        .orderBy(asc(banners.sortOrder), asc(banners.id)),

    /** Trigram-indexed substring search over every language's names. */
    async search(cityId: number, text: string, limit: number) {
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const projectRows = await db
        .select()
        .from(serviceProjects)
        .where(
          and(
            eq(serviceProjects.cityId, cityId),
            eq(serviceProjects.isActive, true),
            sql`${serviceProjects.searchText} like ${pattern}`,
          ),
        )
        .orderBy(desc(serviceProjects.orderCount), asc(serviceProjects.id))
        .limit(limit);
      const therapistIds = await queryRows<{ id: number }>(
        db,
        sql`select t.id from therapists t where ${LISTABLE} and t.city_id = ${cityId}
          and (t.search_text like ${pattern} or t.skills && array(
            select c.code from categories c where lower(c.names::text) like ${pattern}))
          order by t.rating desc, t.id limit ${limit}`,
      );
      const storeIds = await queryRows<{ id: number }>(
        db,
        sql`select s.id from stores s where s.is_active and s.city_id = ${cityId}
          and s.search_text like ${pattern} order by s.rating desc, s.id limit ${limit}`,
      );
      return {
        projects: projectRows,
        therapistIds: therapistIds.map((r) => r.id),
        storeIds: storeIds.map((r) => r.id),
      };
    },

    /** Cards for saved items: banned therapists and inactive stores or projects drop out. */
    therapistCardsByIds: (ids: number[]): Promise<TherapistCardRow[]> =>
      ids.length
        ? queryRows<TherapistCardRow>(
            db,
            sql`select ${THERAPIST_CARD_COLUMNS} from therapists t
              where not t.is_banned and t.id = any(${`{${ids.join(',')}}`}::int[])`,
            THERAPIST_CARD_TYPES,
          )
        : Promise.resolve([]),

    storeCardsByIds: (ids: number[]): Promise<StoreCardRow[]> =>
      ids.length
        ? queryRows<StoreCardRow>(
            db,
            sql`select ${STORE_CARD_COLUMNS} from stores s
              where s.is_active and s.id = any(${`{${ids.join(',')}}`}::int[])`,
          )
        : Promise.resolve([]),

    projectsByIds: (ids: number[]): Promise<ProjectRow[]> =>
      ids.length
        ? db
            .select()
            .from(serviceProjects)
            .where(and(inArray(serviceProjects.id, ids), eq(serviceProjects.isActive, true)))
        : Promise.resolve([]),

    listCurrencyRates: () => db.select().from(currencyRates).orderBy(asc(currencyRates.currency)),

    storeNames: async (ids: number[]) =>
      ids.length
        ? db.select({ id: stores.id, names: stores.names }).from(stores).where(inArray(stores.id, ids))
        : [],
  };
}

const serviceProjectColumns = {
  id: serviceProjects.id,
  cityId: serviceProjects.cityId,
  categoryId: serviceProjects.categoryId,
  names: serviceProjects.names,
  descriptions: serviceProjects.descriptions,
  photos: serviceProjects.photos,
  durationMinutes: serviceProjects.durationMinutes,
  price: serviceProjects.price,
  memberPrice: serviceProjects.memberPrice,
  currency: serviceProjects.currency,
  extraUnitMinutes: serviceProjects.extraUnitMinutes,
  extraUnitPrice: serviceProjects.extraUnitPrice,
  orderCount: serviceProjects.orderCount,
  isActive: serviceProjects.isActive,
  sortOrder: serviceProjects.sortOrder,
  searchText: serviceProjects.searchText,
  createdAt: serviceProjects.createdAt,
};

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
