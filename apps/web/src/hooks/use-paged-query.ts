import {
  hashKey,
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useDeferredData } from './use-deferred-data';

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export const PAGE_SIZE = 20;
/** At most this many pages stay rendered; older ones are dropped and fetched again on the way back. */
export const MAX_PAGES = 10;

/** The header that makes the server skip its short answer cache (see the catalog routes). */
export const FRESH_HEADERS = { 'cache-control': 'no-cache' } as const;

/** Queries whose next first-page read was asked for by pull-to-refresh. */
const freshReads = new Set<string>();

export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Paged<T>>> & {
  /**
   * Pull-to-refresh: drop every page but the first, then read page 1 again with
   * `cache-control: no-cache`, so the server answers from the database, not its cache.
   */
  refreshFromStart: () => Promise<unknown>;
};

/** A paged list read: page/pageSize in the query, at most MAX_PAGES pages kept. */
export function usePagedQuery<T>(options: {
  queryKey: QueryKey;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  isEnabled?: boolean;
  keepsPrevious?: boolean;
}): PagedQuery<T> {
  const queryClient = useQueryClient();
  const { queryKey, path } = options;
  const result = useInfiniteQuery({
    queryKey,
    queryFn: ({ signal, pageParam, queryKey: key }) =>
      api.get<Paged<T>>(path, {
        signal,
        isSilent: true,
        query: { ...options.query, page: pageParam, pageSize: PAGE_SIZE },
        headers: pageParam === 1 && freshReads.has(hashKey(key)) ? FRESH_HEADERS : undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
    maxPages: MAX_PAGES,
    enabled: options.isEnabled ?? true,
    placeholderData: options.keepsPrevious ? keepPreviousData : undefined,
  });

  const refreshFromStart = async () => {
    const hash = hashKey(queryKey);
    freshReads.add(hash);
    try {
      // A page still loading would land after the reset: stop it first.
      await queryClient.cancelQueries({ queryKey, exact: true });
      // An infinite query refetches every page it holds, one after another: keep one, read page 1.
      queryClient.setQueryData<InfiniteData<Paged<T>>>(queryKey, (data) =>
        data && data.pages.length > 0 ? { pages: data.pages.slice(0, 1), pageParams: [1] } : data,
      );
      await queryClient.refetchQueries({ queryKey, exact: true });
    } finally {
      freshReads.delete(hash);
    }
  };

  return { ...useDeferredData(result), refreshFromStart } as PagedQuery<T>;
}
