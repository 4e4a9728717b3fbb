import type {
  Category,
  CurrencyRates,
  Home,
  HomeQuery,
  ProjectCard,
  ProjectDetail,
  Review,
  SearchQuery,
  SearchResult,
  StoreCard,
  StoreDetail,
  StoreListQuery,
  TherapistDetail,
  TherapistListQuery,
} from '@sabai/shared/catalog/catalog.schemas';
import { haversineKm, type LatLng } from '@sabai/shared/geo';
import type { Language } from '@sabai/shared/i18n';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { localised } from '../../lib/localised';
import { pageWindow, toPage } from '../../lib/paging';
import { createTtlCache, createTtlValue } from '../../lib/ttl-cache';
import type { OpenCity } from '../geo';
import { createAvailabilityMemo } from './availability-memo';
import type {
  CatalogRepository,
  CategoryRow,
  ProjectRow,
  StoreCardRow,
  TherapistCardRow,
  TherapistFilter,
} from './catalog.repository';
import type { NearbyIndex } from './nearby-index';
import { isOpenAt } from './opening-hours';
import {
  type AvailabilityOf,
  createTherapistCards,
  roundKm,
  type TherapistAvailability,
  toCategory,
} from './therapist-cards';

/** Categories are reference data; each process re-reads them this often. */
const CATEGORY_CACHE_TTL_MS = 60_000;
const DETAIL_REVIEW_COUNT = 20;
const HOME_THERAPIST_COUNT = 10;
const HOME_STORE_COUNT = 5;
const SEARCH_LIMIT = 10;
/**
 * The "available now" filter reads candidates in rounds, each four times the last, the first four
 * times the rows wanted, until the page is full (decision 036).
 */
const AVAILABLE_NOW_MIN_ROUND = 64;
const AVAILABLE_NOW_GROWTH = 4;
/** Derived availability lives as long as a shared list answer; enough for a busy city's cards. */
const AVAILABILITY_TTL_MS = 3_000;
const AVAILABILITY_MEMO_SIZE = 50_000;

export interface CatalogDeps {
  repository: CatalogRepository;
  clock: Clock;
  /** Resolves the city of a request (geo module): unknown → notFound, not open → cityNotOpen. */
  getOpenCity: (cityId: number | undefined) => Promise<OpenCity>;
  /** A city's IANA time zone (geo's answer, so the catalogue never reads geo's tables). */
  timeZoneOf: (cityId: number) => Promise<string>;
  /** "Available now" and the earliest start of a page of therapists (booking's answer, decision 036). */
  availabilityOf: AvailabilityOf;
  /** How many follow a therapist (the engagement side owns follows). */
  followerCount: (therapistId: number) => Promise<number>;
  /** Answers nearest-first lists from memory; without it they go to the database. */
  nearby?: NearbyIndex;
}

export function createCatalogService(deps: CatalogDeps) {
  const { repository, clock } = deps;
  const categoryCache = createTtlValue<Map<string, CategoryRow>>({ ttlMs: CATEGORY_CACHE_TTL_MS, clock });
  const categoriesByCode = () =>
    categoryCache.get(() =>
      repository.listCategories().then((list) => new Map(list.map((c) => [c.code, c]))),
    );

  async function categoryById(language: Language): Promise<Map<number, Category>> {
    const all = await categoriesByCode();
    return new Map([...all.values()].map((c) => [c.id, toCategory(c, language)]));
  }

  function toProjectCard(
    row: ProjectRow,
    categories: Map<number, Category>,
    language: Language,
  ): ProjectCard {
    const description = localised(row.descriptions, language);
    return {
      id: row.id,
      cityId: row.cityId,
      category: categories.get(row.categoryId) ?? { id: row.categoryId, code: '', name: '', icon: '' },
      name: localised(row.names, language),
      summary: description.length > 80 ? `${description.slice(0, 79)}…` : description,
      cover: row.photos[0] ?? '',
      durationMinutes: row.durationMinutes,
      price: { amount: Number(row.price), currency: row.currency },
      memberPrice: { amount: Number(row.memberPrice), currency: row.currency },
      extraUnitMinutes: row.extraUnitMinutes,
      extraUnitPrice: { amount: Number(row.extraUnitPrice), currency: row.currency },
      orderCount: row.orderCount,
    };
  }

  const availabilityOf = createAvailabilityMemo({
    availabilityOf: deps.availabilityOf,
    ttlMs: AVAILABILITY_TTL_MS,
    maxEntries: AVAILABILITY_MEMO_SIZE,
    now: () => performance.now(),
  });
  const cards = createTherapistCards({
    categoriesByCode,
    availabilityOf: (ids, options) => availabilityOf(ids, options),
  });
  const toTherapistCards = cards.toCards;

  /** Store cards; "open now" is read in each store's city time zone, which geo answers. */
  async function toStoreCards(rows: StoreCardRow[], language: Language, from: LatLng | undefined) {
    const now = clock.now();
    const cityIds = [...new Set(rows.map((row) => row.city_id))];
    const zones = new Map(
      await Promise.all(cityIds.map(async (id) => [id, await deps.timeZoneOf(id)] as const)),
    );
    return rows.map(
      (row): StoreCard => ({
        id: row.id,
        cityId: row.city_id,
        name: localised(row.names, language),
        cover: row.photos[0] ?? '',
        address: localised(row.addresses, language),
        location: { lat: row.latitude, lng: row.longitude },
        distanceKm: from ? roundKm(haversineKm(from, { lat: row.latitude, lng: row.longitude })) : null,
        rating: Math.round(row.rating * 10) / 10,
        reviewCount: row.review_count,
        orderCount: row.order_count,
        isOpenNow: isOpenAt(row.opening_hours, now, zones.get(row.city_id) ?? 'UTC'),
      }),
    );
  }

  const toReview = (row: {
    id: number;
    rating: number;
    text: string;
    authorName: string;
    createdAt: Date;
    tags: string[];
    photoKeys: string[];
    reply: string | null;
  }): Review => ({
    id: row.id,
    rating: row.rating,
    text: row.text,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags,
    photos: row.photoKeys.map((key) => `/app/uploads/${key}`),
    reply: row.reply,
  });

  const locationOf = (query: { lat?: number | undefined; lng?: number | undefined }): LatLng | undefined =>
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;

  async function getProjectRow(id: number): Promise<ProjectRow> {
    const row = await repository.findProject(id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  // Projects change rarely; the list (which names one on every call) reads them from here.
  const projectCache = createTtlCache<number, ProjectRow>({
    ttlMs: CATEGORY_CACHE_TTL_MS,
    maxEntries: 1_000,
    clock,
  });
  const cachedProject = (id: number) => projectCache.get(id, () => getProjectRow(id));

  /** Nearest-first lists come from the in-memory index when there is one; other orders from SQL. */
  async function findTherapists(
    filter: TherapistFilter,
    fresh = false,
  ): Promise<{ rows: TherapistCardRow[]; isShared: boolean }> {
    const { nearby } = deps;
    if (!nearby || filter.sort !== 'distance' || filter.storeId || filter.therapistIds) {
      return { rows: await repository.listTherapists(filter), isShared: false };
    }
    await nearby.sync(fresh);
    return { rows: nearby.nearest(filter), isShared: true };
  }

  async function therapistRows(query: TherapistListQuery, fresh: boolean) {
    const city = await deps.getOpenCity(query.cityId);
    const from = locationOf(query);
    const project = query.projectId ? await cachedProject(query.projectId) : undefined;
    if (project && project.cityId !== city.id) throw new AppError('notFound');
    const filter: TherapistFilter = {
      cityId: city.id,
      origin: from ?? city.centre,
      gender: query.gender,
      language: query.language,
      projectId: query.projectId,
      storeId: query.storeId,
      sort: query.sort,
      ...pageWindow(query),
    };
    if (query.availableNow) {
      const found = await availableNowRows(filter, project, fresh);
      const { items, hasMore } = toPage(found.rows, query);
      return {
        rows: items,
        isShared: found.isShared,
        from,
        project,
        hasMore,
        availability: found.availability,
      };
    }
    const { rows, isShared } = await findTherapists(filter, fresh);
    const { items, hasMore } = toPage(rows, query);
    // Pull-to-refresh reads the page's availability afresh too.
    const availability = fresh
      ? await availabilityOf(
          items.filter((row) => row.state !== 'resting').map((row) => row.id),
          { projectId: project?.id },
          true,
        )
      : undefined;
    return { rows: items, isShared, from, project, hasMore, availability };
  }

  /**
   * The filter gives the cards' answer (booking's derived availability), so it runs after the
   * other filters: candidates come in the list's order, a round at a time, one availability read
   * per round, until `offset + limit` are available or none are left; then the window is cut.
   * Paging stays exact (page n is the n-th slice of the same filtered order). Decision 036.
   */
  async function availableNowRows(filter: TherapistFilter, project: ProjectRow | undefined, fresh: boolean) {
    const wanted = filter.offset + filter.limit;
    const rows: TherapistCardRow[] = [];
    const availability = new Map<number, TherapistAvailability>();
    let isShared = true;
    let scanned = 0;
    let round = Math.max(AVAILABLE_NOW_MIN_ROUND, wanted * AVAILABLE_NOW_GROWTH);
    for (;;) {
      const found = await findTherapists(
        { ...filter, offset: scanned, limit: round },
        fresh && scanned === 0,
      );
      isShared &&= found.isShared;
      const answers = await availabilityOf(
        found.rows.map((row) => row.id),
        { projectId: project?.id },
        fresh,
      );
      for (const row of found.rows) {
        const answer = answers.get(row.id);
        if (row.state === 'resting' || !answer?.isAvailableNow) continue;
        rows.push(row);
        availability.set(row.id, answer);
      }
      scanned += found.rows.length;
      if (rows.length >= wanted || found.rows.length < round) break;
      round *= AVAILABLE_NOW_GROWTH;
    }
    return { rows: rows.slice(filter.offset, wanted), isShared, availability };
  }

  async function therapistPage(query: TherapistListQuery, language: Language, fresh = false) {
    const { rows, from, project, hasMore, availability } = await therapistRows(query, fresh);
    const items = await toTherapistCards(rows, { language, from, project, availability });
    return { items, page: query.page, pageSize: query.pageSize, hasMore };
  }

  return {
    async listProjects(
      query: { cityId?: number | undefined; categoryId?: number | undefined },
      language: Language,
    ) {
      const city = await deps.getOpenCity(query.cityId);
      const [rows, categories] = await Promise.all([
        repository.listProjects(city.id, query.categoryId),
        categoryById(language),
      ]);
      return rows.map((row) => toProjectCard(row, categories, language));
    },

    async getProject(id: number, language: Language): Promise<ProjectDetail> {
      const row = await getProjectRow(id);
      // Like lists and store pages: a city that is not open answers "city not open, switch city".
      await deps.getOpenCity(row.cityId);
      const [categories, counts] = await Promise.all([categoryById(language), repository.countProviders(id)]);
      return {
        ...toProjectCard(row, categories, language),
        viewer: null,
        description: localised(row.descriptions, language),
        photos: row.photos,
        therapistCount: counts.therapists,
        storeCount: counts.stores,
      };
    },

    listTherapists: therapistPage,

    /** `listTherapists` serialised (the page as JSON): the list route's hot path. */
    async listTherapistsJson(query: TherapistListQuery, language: Language, fresh = false): Promise<string> {
      const { rows, isShared, from, project, hasMore, availability } = await therapistRows(query, fresh);
      const items = await cards.toCardsJson(rows, { language, from, project, availability }, isShared);
      return `{"items":${items},"page":${query.page},"pageSize":${query.pageSize},"hasMore":${hasMore}}`;
    },

    async getTherapist(id: number, from: LatLng | undefined, language: Language): Promise<TherapistDetail> {
      const row = await repository.findTherapist(id);
      // A banned therapist is gone for customers: same answer as an unknown id.
      if (!row || row.isBanned) throw new AppError('notFound');
      await deps.getOpenCity(row.cityId);
      const [projects, reviewRows, certificates, categories, storeNames, followerCount] = await Promise.all([
        repository.projectsOfTherapist(id),
        repository.reviewsOfTherapist(id, DETAIL_REVIEW_COUNT),
        repository.certificatesOf(id),
        categoryById(language),
        repository.storeNames(row.storeId ? [row.storeId] : []),
        deps.followerCount(id),
      ]);
      const [card] = await toTherapistCards(
        [
          {
            id: row.id,
            city_id: row.cityId,
            store_id: row.storeId,
            display_name: row.displayName,
            avatar: row.avatar,
            gender: row.gender,
            rating: row.rating,
            review_count: row.reviewCount,
            order_count: row.orderCount,
            languages: row.languages,
            skills: row.skills,
            state: row.state,
            latitude: row.latitude,
            longitude: row.longitude,
            from_price: row.fromPrice,
            currency: row.currency,
            badges: row.badges,
          },
        ],
        { language, from, project: undefined },
      );
      if (!card) throw new AppError('notFound');
      const store = storeNames[0];
      return {
        ...card,
        viewer: null,
        followerCount,
        photos: row.photos,
        introduction: localised(row.introductions, language),
        serviceArea: localised(row.serviceAreas, language),
        serviceRadiusKm: row.serviceRadiusKm,
        nationality: row.nationality,
        certificates: certificates.map((c) => ({
          kind: c.kind,
          issuedOn: c.issuedOn,
          verifiedAt: (c.verifiedAt as Date).toISOString(),
        })),
        projects: projects.map((p) => toProjectCard(p, categories, language)),
        reviews: reviewRows.map(toReview),
        store: store ? { id: store.id, name: localised(store.names, language) } : null,
      };
    },

    /**
     * The top of a therapist's page for the page the server draws (decision 092): the gallery's
     * first picture, the name and the introduction, by `getTherapist`'s rules (a banned therapist,
     * or one in a city not open, is not shown); undefined where that page shows none.
     */
    async therapistTop(
      id: number,
      language: Language,
    ): Promise<{ photo: string; name: string; introduction: string } | undefined> {
      const row = await repository.findTherapist(id);
      if (!row || row.isBanned) return undefined;
      const city = await deps.getOpenCity(row.cityId).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (!city) return undefined;
      return {
        photo: row.photos[0] ?? row.avatar,
        name: row.displayName,
        introduction: localised(row.introductions, language),
      };
    },

    async listStores(query: StoreListQuery, language: Language) {
      const city = await deps.getOpenCity(query.cityId);
      const from = locationOf(query);
      const rows = await repository.listStores({
        cityId: city.id,
        origin: from ?? city.centre,
        ...pageWindow(query),
      });
      const found = toPage(rows, query);
      return { ...found, items: await toStoreCards(found.items, language, from) };
    },

    async getStore(id: number, from: LatLng | undefined, language: Language): Promise<StoreDetail> {
      const row = await repository.findStore(id);
      if (!row) throw new AppError('notFound');
      const city = await deps.getOpenCity(row.cityId);
      const [projects, reviewRows, categories, therapists] = await Promise.all([
        repository.projectsOfStore(id),
        repository.reviewsOfStore(id, DETAIL_REVIEW_COUNT),
        categoryById(language),
        therapistPage(
          { cityId: row.cityId, storeId: id, sort: 'rating', page: 1, pageSize: 50 },
          language,
        ).then((page) => page.items),
      ]);
      const [card] = await toStoreCards(
        [
          {
            id: row.id,
            city_id: row.cityId,
            names: row.names,
            addresses: row.addresses,
            photos: row.photos,
            latitude: row.latitude,
            longitude: row.longitude,
            rating: row.rating,
            review_count: row.reviewCount,
            order_count: row.orderCount,
            opening_hours: row.openingHours,
          },
        ],
        language,
        from,
      );
      if (!card) throw new AppError('notFound');
      return {
        ...card,
        viewer: null,
        description: localised(row.descriptions, language),
        photos: row.photos,
        phone: row.phone,
        timeZone: city.timeZone,
        openingHours: row.openingHours,
        licence: {
          number: row.licenceNumber,
          image: row.licenceImage,
          isVerified: row.licenceVerifiedAt !== null,
        },
        projects: projects.map((p) => toProjectCard(p, categories, language)),
        therapists: from
          ? therapists.map((t) => ({ ...t, distanceKm: roundKm(haversineKm(from, t.location)) }))
          : therapists,
        reviews: reviewRows.map(toReview),
      };
    },

    async home(query: HomeQuery, language: Language, fresh = false): Promise<Home> {
      const city = await deps.getOpenCity(query.cityId);
      const from = locationOf(query);
      const origin = from ?? city.centre;
      const [bannerRows, categories, projects, therapistRows, storeRows] = await Promise.all([
        repository.listBanners(city.id),
        categoriesByCode(),
        repository.listProjects(city.id),
        // Recommended: the best rated among the nearest listable therapists.
        findTherapists({ cityId: city.id, origin, sort: 'distance', limit: 30, offset: 0 }, fresh).then(
          (found) => found.rows,
        ),
        repository.listStores({ cityId: city.id, origin, limit: HOME_STORE_COUNT, offset: 0 }),
      ]);
      const recommended = [...therapistRows]
        .sort((a, b) => b.rating - a.rating || a.id - b.id)
        .slice(0, HOME_THERAPIST_COUNT);
      const byId = new Map([...categories.values()].map((c) => [c.id, toCategory(c, language)]));
      return {
        cityId: city.id,
        banners: bannerRows.map((b) => ({
          id: b.id,
          title: localised(b.titles, language),
          imageUrl: b.imageUrl,
          link: b.link,
        })),
        categories: [...byId.values()],
        projects: projects.map((p) => toProjectCard(p, byId, language)),
        recommendedTherapists: await toTherapistCards(recommended, { language, from, project: undefined }),
        nearbyStores: await toStoreCards(storeRows, language, from),
      };
    },

    /**
     * Home's first banner in a city, for the page the server draws (decision 092); undefined when
     * the city has none or is not open (the app then says why).
     */
    async firstBanner(
      cityId: number | undefined,
      language: Language,
    ): Promise<{ imageUrl: string; title: string } | undefined> {
      const city = await deps.getOpenCity(cityId).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (!city) return undefined;
      const [banner] = await repository.listBanners(city.id);
      return banner ? { imageUrl: banner.imageUrl, title: localised(banner.titles, language) } : undefined;
    },

    async search(query: SearchQuery, language: Language): Promise<SearchResult> {
      const city = await deps.getOpenCity(query.cityId);
      const from = locationOf(query);
      const origin = from ?? city.centre;
      const found = await repository.search(city.id, query.q, SEARCH_LIMIT);
      const [categories, therapistRows, storeRows] = await Promise.all([
        categoryById(language),
        found.therapistIds.length
          ? repository.listTherapists({
              cityId: city.id,
              origin,
              sort: 'rating',
              therapistIds: found.therapistIds,
              limit: SEARCH_LIMIT,
              offset: 0,
            })
          : [],
        found.storeIds.length
          ? repository.listStores({
              cityId: city.id,
              origin,
              storeIds: found.storeIds,
              limit: SEARCH_LIMIT,
              offset: 0,
            })
          : [],
      ]);
      return {
        projects: found.projects.map((p) => toProjectCard(p, categories, language)),
        therapists: await toTherapistCards(therapistRows, { language, from, project: undefined }),
        stores: await toStoreCards(storeRows, language, from),
      };
    },

    /** Cards for saved lists (favourites, footprints, following), keyed by id. */
    async cardsByIds(
      ids: { projectIds: number[]; therapistIds: number[]; storeIds: number[] },
      language: Language,
    ) {
      const [projectRows, therapistRows, storeRows, categories] = await Promise.all([
        repository.projectsByIds(ids.projectIds),
        repository.therapistCardsByIds(ids.therapistIds),
        repository.storeCardsByIds(ids.storeIds),
        categoryById(language),
      ]);
      const therapists = await toTherapistCards(therapistRows, {
        language,
        from: undefined,
        project: undefined,
      });
      return {
        projects: new Map(projectRows.map((row) => [row.id, toProjectCard(row, categories, language)])),
        therapists: new Map(therapists.map((card) => [card.id, card])),
        stores: new Map((await toStoreCards(storeRows, language, undefined)).map((card) => [card.id, card])),
      };
    },

    async currencyRates(): Promise<CurrencyRates> {
      const rows = await repository.listCurrencyRates();
      return {
        base: 'USD',
        rates: rows.map((r) => ({
          currency: r.currency,
          perUsd: r.perUsd,
          minorDigits: r.minorDigits,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
