import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buildDefaultHeaders, resolveApiBase } from '../../../lib/api-client';

/**
 * The card photo is served only to its owner (the token header), so an <img src> cannot load it:
 * it is fetched with the session's headers and shown through an object URL, released on unmount.
 */
export function useCardImage(path: string | null) {
  const query = useQuery({
    queryKey: ['withdrawals', 'card-image', path],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${resolveApiBase()}${path}`, { headers: buildDefaultHeaders(), signal });
      if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return null;
      return URL.createObjectURL(await response.blob());
    },
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const url = query.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ?? null;
}
