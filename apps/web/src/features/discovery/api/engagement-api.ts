import type {
  FavouriteState,
  FollowState,
  Person,
  SavedItem,
  SavedKind,
  TherapistCard,
} from '@sabai/shared/catalog/catalog.schemas';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

/**
 * Favourites, follows, fans, visitors and footprints (spec my/gird/*). All need a session: the
 * pages only ask when logged in, and a 401 goes through the request helper's logout path.
 */
export type FollowedTherapist = TherapistCard & { followedAt: string };

export const setFavourite = (kind: SavedKind, id: number, isFavourite: boolean) =>
  isFavourite
    ? api.put<FavouriteState>(`/app/favourites/${kind}/${id}`)
    : api.delete<FavouriteState>(`/app/favourites/${kind}/${id}`);

export const setFollow = (therapistId: number, isFollowing: boolean) =>
  isFollowing
    ? api.put<FollowState>(`/app/therapists/${therapistId}/follow`)
    : api.delete<FollowState>(`/app/therapists/${therapistId}/follow`);

export const clearFootprints = () => api.delete<null>('/app/me/footprints');

export const engagementKeys = {
  favourites: (kind: SavedKind | undefined) => ['favourites', kind ?? 'all'] as const,
  following: ['following'] as const,
  fans: ['fans'] as const,
  visitors: ['visitors'] as const,
  footprints: ['footprints'] as const,
};

const usePaged = <T>(
  key: readonly unknown[],
  path: string,
  isEnabled: boolean,
  extra: Record<string, string> = {},
) => usePagedQuery<T>({ queryKey: key, path, query: extra, isEnabled });

export const useFavourites = (kind: SavedKind | undefined, isEnabled: boolean) =>
  usePaged<SavedItem>(engagementKeys.favourites(kind), '/app/favourites', isEnabled, kind ? { kind } : {});
export const useFollowing = (isEnabled: boolean) =>
  usePaged<FollowedTherapist>(engagementKeys.following, '/app/me/following', isEnabled);
export const useFans = (isEnabled: boolean) =>
  usePaged<Person>(engagementKeys.fans, '/app/me/fans', isEnabled);
export const useVisitors = (isEnabled: boolean) =>
  usePaged<Person>(engagementKeys.visitors, '/app/me/visitors', isEnabled);
export const useFootprints = (isEnabled: boolean) =>
  usePaged<SavedItem>(engagementKeys.footprints, '/app/me/footprints', isEnabled);
