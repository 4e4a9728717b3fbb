import { z } from 'zod';
import { idSchema, textSchema } from '../input';

/** Optional "where the user is" (WGS-84); both or neither. Distances are measured from it. */
const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
const optionalLocation = {
  lat: latitude.optional(),
  lng: longitude.optional(),
};
const bothOrNeither = (value: { lat?: number | undefined; lng?: number | undefined }) =>
  (value.lat === undefined) === (value.lng === undefined);
const bothOrNeitherIssue = { message: 'lat and lng go together', path: ['lng'] };

export const cityIdSchema = idSchema;
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const MAX_PAGE_SIZE = 50;
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
};
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An amount in minor units (cents, riel) with its ISO currency; the web converts for display. */
export const moneySchema = z.object({ amount: z.number().int(), currency: z.string().length(3) });
export type Money = z.infer<typeof moneySchema>;

export const locationSchema = z.object({ lat: z.number(), lng: z.number() });

export const categorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  icon: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const projectCardSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  category: categorySchema,
  name: z.string(),
  summary: z.string(),
  cover: z.string(),
  durationMinutes: z.number().int(),
  price: moneySchema,
  memberPrice: moneySchema,
  extraUnitMinutes: z.number().int(),
  extraUnitPrice: moneySchema,
  orderCount: z.number().int(),
});
export type ProjectCard = z.infer<typeof projectCardSchema>;

const detailViewerSchema = z.object({ isFavourite: z.boolean(), isFollowing: z.boolean() }).nullable();

export const projectDetailSchema = projectCardSchema.extend({
  viewer: detailViewerSchema,
  description: z.string(),
  photos: z.array(z.string()),
  therapistCount: z.number().int(),
  storeCount: z.number().int(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectListQuerySchema = z.object({
  cityId: cityIdSchema.optional(),
  categoryId: idSchema.optional(),
});

export const THERAPIST_STATES = ['available', 'bookable_later', 'resting'] as const;
export const THERAPIST_SORTS = ['distance', 'rating', 'price', 'popularity'] as const;
export const GENDERS = ['female', 'male'] as const;
/** Languages a therapist may speak (spoken languages, not interface languages: Chinese is one). */
export const SPOKEN_LANGUAGES = ['en', 'km', 'th', 'vi', 'zh'] as const;
export const CERTIFICATE_KINDS = ['real_name', 'health_check', 'skill'] as const;

export const therapistCardSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  storeId: z.number().int().nullable(),
  name: z.string(),
  avatar: z.string(),
  gender: z.enum(GENDERS),
  rating: z.number(),
  reviewCount: z.number().int(),
  orderCount: z.number().int(),
  languages: z.array(z.string()),
  skills: z.array(categorySchema),
  /**
   * Derived on the server from working hours and live orders (decision 036): `available` when a
   * booking can start at the earliest start the rules allow; `bookable_later` otherwise, with
   * `availableFrom` the first free start within the booking horizon, or null when none is free;
   * `resting` when the therapist switched themselves off (not bookable).
   */
  state: z.enum(THERAPIST_STATES),
  availableFrom: z.string().nullable(),
  isBookable: z.boolean(),
  badges: z.array(z.enum(CERTIFICATE_KINDS)),
  location: locationSchema,
  /** Kilometres from the caller's location, or null when no location was given. */
  distanceKm: z.number().nullable(),
  /** The price of the requested project, otherwise the therapist's cheapest. */
  price: moneySchema,
});
export type TherapistCard = z.infer<typeof therapistCardSchema>;

export const therapistListQuerySchema = z
  .object({
    cityId: cityIdSchema.optional(),
    ...optionalLocation,
    gender: z.enum(GENDERS).optional(),
    language: z.enum(SPOKEN_LANGUAGES).optional(),
    availableNow: booleanFlag.optional(),
    projectId: idSchema.optional(),
    storeId: idSchema.optional(),
    sort: z.enum(THERAPIST_SORTS).default('distance'),
    ...paging,
  })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type TherapistListQuery = z.infer<typeof therapistListQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  });

export const therapistPageSchema = pageSchema(therapistCardSchema);

export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** Tag codes (`REVIEW_TAGS`), photo URLs and the therapist's reply (decision 049). */
  tags: z.array(z.string()),
  photos: z.array(z.string()),
  reply: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const certificateSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  issuedOn: z.string().nullable(),
  verifiedAt: z.string(),
});

export const locationQuerySchema = z.object(optionalLocation).refine(bothOrNeither, bothOrNeitherIssue);

export const therapistDetailSchema = therapistCardSchema.extend({
  viewer: detailViewerSchema,
  followerCount: z.number().int(),
  photos: z.array(z.string()),
  introduction: z.string(),
  serviceArea: z.string(),
  serviceRadiusKm: z.number().int(),
  nationality: z.string(),
  certificates: z.array(certificateSchema),
  projects: z.array(projectCardSchema),
  reviews: z.array(reviewSchema),
  store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TherapistDetail = z.infer<typeof therapistDetailSchema>;

export const openingHoursSchema = z.object({
  day: z.number().int().min(0).max(6),
  opens: z.string(),
  closes: z.string(),
});

export const storeCardSchema = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  cover: z.string(),
  address: z.string(),
  location: locationSchema,
  distanceKm: z.number().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  orderCount: z.number().int(),
  isOpenNow: z.boolean(),
});
export type StoreCard = z.infer<typeof storeCardSchema>;

export const storeListQuerySchema = z
  .object({ cityId: cityIdSchema.optional(), ...optionalLocation, ...paging })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;
export const storePageSchema = pageSchema(storeCardSchema);

export const storeDetailSchema = storeCardSchema.extend({
  viewer: detailViewerSchema,
  description: z.string(),
  photos: z.array(z.string()),
  phone: z.string(),
  timeZone: z.string(),
  openingHours: z.array(openingHoursSchema),
  licence: z.object({ number: z.string(), image: z.string(), isVerified: z.boolean() }),
  projects: z.array(projectCardSchema),
  therapists: z.array(therapistCardSchema),
  reviews: z.array(reviewSchema),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});

export const homeQuerySchema = z
  .object({ cityId: cityIdSchema.optional(), ...optionalLocation })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type HomeQuery = z.infer<typeof homeQuerySchema>;

export const homeSchema = z.object({
  cityId: z.number().int(),
  banners: z.array(bannerSchema),
  categories: z.array(categorySchema),
  projects: z.array(projectCardSchema),
  recommendedTherapists: z.array(therapistCardSchema),
  nearbyStores: z.array(storeCardSchema),
});
export type Home = z.infer<typeof homeSchema>;

export const searchQuerySchema = z
  .object({
    q: textSchema().trim().min(1).max(50),
    cityId: cityIdSchema.optional(),
    ...optionalLocation,
  })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  projects: z.array(projectCardSchema),
  therapists: z.array(therapistCardSchema),
  stores: z.array(storeCardSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const currencyRatesSchema = z.object({
  base: z.literal('USD'),
  rates: z.array(
    z.object({
      currency: z.string().length(3),
      perUsd: z.number(),
      minorDigits: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
});
export type CurrencyRates = z.infer<typeof currencyRatesSchema>;

/** What the logged-in caller has done with a detail page's subject; null for guests. */
export const viewerSchema = detailViewerSchema;
export type Viewer = z.infer<typeof viewerSchema>;

export const SAVED_KINDS = ['project', 'therapist', 'store'] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];
export const savedTargetParamsSchema = z.object({
  kind: z.enum(SAVED_KINDS),
  id: idSchema,
});
export const favouriteStateSchema = z.object({
  kind: z.enum(SAVED_KINDS),
  id: z.number().int(),
  isFavourite: z.boolean(),
});
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** A favourite or a footprint: exactly one of project, therapist and store is set. */
export const savedItemSchema = z.object({
  kind: z.enum(SAVED_KINDS),
  id: z.number().int(),
  at: z.string(),
  project: projectCardSchema.nullable(),
  therapist: therapistCardSchema.nullable(),
  store: storeCardSchema.nullable(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;
export const savedPageSchema = pageSchema(savedItemSchema);
export const pagingQuerySchema = z.object(paging);
export type PagingQuery = z.infer<typeof pagingQuerySchema>;
export const favouriteListQuerySchema = z.object({ kind: z.enum(SAVED_KINDS).optional(), ...paging });
export type FavouriteListQuery = z.infer<typeof favouriteListQuerySchema>;

export const followStateSchema = z.object({
  therapistId: z.number().int(),
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;
export const followingPageSchema = pageSchema(therapistCardSchema.extend({ followedAt: z.string() }));

/** A fan or a visitor of the caller's therapist profile. */
export const personSchema = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  at: z.string(),
  visitCount: z.number().int(),
});
export type Person = z.infer<typeof personSchema>;
export const personPageSchema = pageSchema(personSchema);
