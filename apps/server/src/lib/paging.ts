/**
 * Offset paging with `hasMore` from one extra row: ask the database for `limit` (a page and one
 * more), then `toPage` keeps the page and says whether the extra row was there. One place, so no
 * list answers `hasMore: true` on a page that happens to be exactly full.
 */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** The rows to read for a page: its size plus one (to learn whether more follow), after the earlier pages. */
export const pageWindow = (request: PageRequest) => ({
  limit: request.pageSize + 1,
  offset: (request.page - 1) * request.pageSize,
});

/** The page of rows read through `pageWindow`. */
export function toPage<Row>(rows: readonly Row[], request: PageRequest): Page<Row> {
  return {
    items: rows.slice(0, request.pageSize),
    page: request.page,
    pageSize: request.pageSize,
    hasMore: rows.length > request.pageSize,
  };
}
