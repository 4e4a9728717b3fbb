import { useQueryParams } from './use-query-params';

/** The `?id=` of a detail page (spec routes carry ids in the query); undefined when malformed. */
export function useIdParam(name = 'id'): number | undefined {
  const [params] = useQueryParams();
  return idParam(params, name);
}

/** The same, read from any query string (a page's answer asked for before it renders, decision 091). */
export function idParam(params: URLSearchParams, name = 'id'): number | undefined {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 ? id : undefined;
}
