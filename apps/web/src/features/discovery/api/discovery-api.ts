import type {
  Home,
  ProjectCard,
  ProjectDetail,
  SearchResult,
  StoreCard,
  StoreDetail,
  TherapistCard,
  TherapistDetail,
} from '@sabai/shared/catalog/catalog.schemas';
import type { CityVote, NearestCity } from '@sabai/shared/geo/geo.schemas';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { CITIES_KEY } from '../../../hooks/use-current-city';
import { useDeferredData } from '../../../hooks/use-deferred-data';
import { prefetchCurrencyRates } from '../../../hooks/use-formatting';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { getStoredPosition, type Position } from '../../../hooks/use-user-location';
import { api } from '../../../lib/api-client';
import { getStoredCityId } from '../../../lib/preferences';
import { type TherapistFilters, toTherapistQuery } from './therapist-filters';

export { useCities } from '../../../hooks/use-current-city';
export { MAX_PAGES, PAGE_SIZE, type Paged } from '../../../hooks/use-paged-query';
/**
 * The discovery reads (spec: home, cities, projects, therapists, stores, search, rates). Every
 * request carries the city in the `cityId` header (the request helper adds it) and, when known,
 * the user's position so the server can measure distances and sort nearest first.
 */
export type { Position } from '../../../hooks/use-user-location';

const at = (position: Position | undefined) =>
  position ? { lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) } : {};

export const discoveryKeys = {
  cities: CITIES_KEY,
  home: (cityId: string, position?: Position) => ['home', cityId, position ?? null] as const,
  projects: (cityId: string) => ['projects', cityId] as const,
  project: (id: number) => ['projects', 'detail', id] as const,
  therapists: (cityId: string, filters: TherapistFilters, position?: Position) =>
    ['therapists', cityId, filters, position ?? null] as const,
  therapist: (id: number, position?: Position) => ['therapists', 'detail', id, position ?? null] as const,
  stores: (cityId: string, position?: Position) => ['stores', cityId, position ?? null] as const,
  store: (id: number, position?: Position) => ['stores', 'detail', id, position ?? null] as const,
  search: (cityId: string, q: string, position?: Position) =>
    ['search', cityId, q, position ?? null] as const,
};

export const fetchNearestCity = (position: Position) =>
  api.get<NearestCity>('/app/cities/nearest', { query: at(position) });

/** One vote per user per city; guests get 401 (the request helper shows it and logs out). */
export const voteForCity = (cityId: number) => api.postJson<CityVote>(`/app/cities/${cityId}/votes`);

/** Home's query, for `useHome` and for `prefetchHome` (the same key, so one request serves both). */
export const homeQueryOptions = (position: Position | undefined) =>
  queryOptions({
    queryKey: discoveryKeys.home(getStoredCityId(), position),
    queryFn: ({ signal }) => api.get<Home>('/app/home', { signal, isSilent: true, query: at(position) }),
    staleTime: 60_000,
  });

export function useHome(position: Position | undefined) {
  const home = useQuery(homeQueryOptions(position));
  return useDeferredData(home);
}

/**
 * Asks for Home's answer as soon as Home's discovery chunk has run, with the position the page will
 * read (decision 089): `useHome` would ask only once React has committed the page's lazily loaded
 * part, which it holds back up to 300 ms after its fallback (Suspense's reveal throttling), and
 * the answer is Home's first screen (its LCP banner). No-op when the answer is fresh in the cache.
 */
export function prefetchHome(client: QueryClient): void {
  void client.prefetchQuery(homeQueryOptions(getStoredPosition()));
  // The cards show prices in the user's currency: the rates beside Home's lists rather than once
  // the cards have drawn, without a component watching them (decision 093).
  prefetchCurrencyRates(client);
}

export function useProjects() {
  const cityId = getStoredCityId();
  return useQuery({
    queryKey: discoveryKeys.projects(cityId),
    queryFn: ({ signal }) => api.get<ProjectCard[]>('/app/projects', { signal, isSilent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useProject(id: number | undefined) {
  return useQuery({
    queryKey: discoveryKeys.project(id ?? 0),
    queryFn: ({ signal }) => api.get<ProjectDetail>(`/app/projects/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
  });
}

/** Pages of therapists; only the last MAX_PAGES pages are kept, so a long scroll stays light. */
export function useTherapistPages(filters: TherapistFilters, position: Position | undefined) {
  const cityId = getStoredCityId();
  return usePagedQuery<TherapistCard>({
    queryKey: discoveryKeys.therapists(cityId, filters, position),
    path: '/app/therapists',
    query: { ...toTherapistQuery(filters), ...at(position) },
    keepsPrevious: true,
  });
}

const therapistQueryOptions = (id: number | undefined, position: Position | undefined) =>
  queryOptions({
    queryKey: discoveryKeys.therapist(id ?? 0, position),
    queryFn: ({ signal }) =>
      api.get<TherapistDetail>(`/app/therapists/${id}`, { signal, isSilent: true, query: at(position) }),
    enabled: id !== undefined,
    // Fresh for a few seconds: long enough that the page does not ask again for the answer its
    // prefetch has just brought, short enough that a page opened again shows today's state.
    staleTime: 10_000,
  });

export function useTherapist(id: number | undefined, position: Position | undefined) {
  const therapist = useQuery(therapistQueryOptions(id, position));
  return useDeferredData(therapist);
}

/**
 * Asks for a therapist's page's answer while its chunk is still loading (decision 091), with the
 * position the page will read: `useTherapist` would ask only once the chunk has run and React has
 * committed the page, about a second later on a slow phone, and the answer is the page's first
 * screen (its introduction is the LCP). No-op for a malformed id or a fresh answer in the cache.
 */
export function prefetchTherapist(client: QueryClient, id: number | undefined): void {
  if (id === undefined) return;
  void client.prefetchQuery(therapistQueryOptions(id, getStoredPosition()));
}

export function useStorePages(position: Position | undefined) {
  const cityId = getStoredCityId();
  return usePagedQuery<StoreCard>({
    queryKey: discoveryKeys.stores(cityId, position),
    path: '/app/stores',
    query: at(position),
  });
}

export function useStore(id: number | undefined, position: Position | undefined) {
  return useQuery({
    queryKey: discoveryKeys.store(id ?? 0, position),
    queryFn: ({ signal }) =>
      api.get<StoreDetail>(`/app/stores/${id}`, { signal, isSilent: true, query: at(position) }),
    enabled: id !== undefined,
  });
}

export function useSearch(q: string, position: Position | undefined) {
  const cityId = getStoredCityId();
  const text = q.trim().slice(0, 50);
  return useQuery({
    queryKey: discoveryKeys.search(cityId, text, position),
    queryFn: ({ signal }) =>
      api.get<SearchResult>('/app/search', { signal, isSilent: true, query: { q: text, ...at(position) } }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
