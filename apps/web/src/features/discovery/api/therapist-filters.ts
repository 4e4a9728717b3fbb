import type { TherapistCard, TherapistListQuery } from '@sabai/shared/catalog/catalog.schemas';

/**
 * The therapist list's filters and sort, kept in the page URL (shareable, survives back/forward).
 * The option lists mirror the shared schema's enums; `satisfies` keeps them in step with it
 * without loading zod into the page.
 */
export const THERAPIST_SORT_OPTIONS = [
  'distance',
  'rating',
  'price',
  'popularity',
] as const satisfies readonly TherapistListQuery['sort'][];
export const GENDER_OPTIONS = ['female', 'male'] as const satisfies readonly TherapistCard['gender'][];
export const LANGUAGE_OPTIONS = ['en', 'km', 'th', 'vi', 'zh'] as const satisfies readonly NonNullable<
  TherapistListQuery['language']
>[];

export type TherapistSort = (typeof THERAPIST_SORT_OPTIONS)[number];
export type Gender = (typeof GENDER_OPTIONS)[number];
export type SpokenLanguage = (typeof LANGUAGE_OPTIONS)[number];

export interface TherapistFilters {
  sort: TherapistSort;
  gender?: Gender;
  language?: SpokenLanguage;
  availableNow?: boolean;
  projectId?: number;
  storeId?: number;
}

export const DEFAULT_FILTERS: TherapistFilters = { sort: 'distance' };

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
};

/** Reads filters from a URL query; anything unknown or malformed is ignored, never an error. */
export function parseTherapistFilters(params: URLSearchParams): TherapistFilters {
  const filters: TherapistFilters = { sort: oneOf(THERAPIST_SORT_OPTIONS, params.get('sort')) ?? 'distance' };
  const gender = oneOf(GENDER_OPTIONS, params.get('gender'));
  if (gender) filters.gender = gender;
  const language = oneOf(LANGUAGE_OPTIONS, params.get('language'));
  if (language) filters.language = language;
  const availableNow = params.get('availableNow');
  if (availableNow === 'true' || availableNow === '1') filters.availableNow = true;
  const projectId = positiveInt(params.get('projectId'));
  if (projectId) filters.projectId = projectId;
  const storeId = positiveInt(params.get('storeId'));
  if (storeId) filters.storeId = storeId;
  return filters;
}

/** The URL query of a filter set; defaults are left out so plain links stay plain. */
export function therapistFiltersToParams(filters: TherapistFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== 'distance') params.set('sort', filters.sort);
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.language) params.set('language', filters.language);
  if (filters.availableNow) params.set('availableNow', 'true');
  if (filters.projectId) params.set('projectId', String(filters.projectId));
  if (filters.storeId) params.set('storeId', String(filters.storeId));
  return params;
}

/** The server's query for `GET /app/therapists` (paging and position are added by the caller). */
export function toTherapistQuery(filters: TherapistFilters): Record<string, string | number | undefined> {
  return {
    sort: filters.sort,
    gender: filters.gender,
    language: filters.language,
    availableNow: filters.availableNow ? 'true' : undefined,
    projectId: filters.projectId,
    storeId: filters.storeId,
  };
}

/** How many filters (not the sort) are active: shown as a badge on the filter button. */
export function countActiveFilters(filters: TherapistFilters): number {
  return [filters.gender, filters.language, filters.availableNow, filters.projectId].filter(Boolean).length;
}
