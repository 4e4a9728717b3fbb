import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The page's query string, read and replaced. A small stand-in for react-router's useSearchParams:
 * every react-router module a page uses lands in the shell's vendor chunk, which has no room left.
 */
export function useQueryParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>) => void,
] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const replace = useCallback(
    (next: URLSearchParams | Record<string, string>) => {
      const text = new URLSearchParams(next).toString();
      navigate({ pathname, search: text ? `?${text}` : '' }, { replace: true });
    },
    [navigate, pathname],
  );
  return [params, replace];
}
