import type {
  FavouriteState,
  FollowState,
  Person,
  SavedItem,
  SavedKind,
  TherapistCard,
} from '@sabai/shared/catalog/catalog.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * A favourite toggle shown optimistically: while the request runs the heart shows what was asked;
 * the server's answer then becomes the truth, and a failure falls back to the last known state.
 */
export function useFavouriteToggle(
  kind: SavedKind,
  id: number,
  known: boolean,
  handlers: { onSaved: (state: FavouriteState) => void; onFailed: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState(known);
  useEffect(() => setConfirmed(known), [known]);
  const mutation = useMutation({
    mutationFn: (next: boolean) => setFavourite(kind, id, next),
    onSuccess: (state) => {
      setConfirmed(state.isFavourite);
      handlers.onSaved(state);
    },
    onError: handlers.onFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favourites'] }),
  });
  const isFavourite = mutation.isPending ? mutation.variables : confirmed;
  return { isFavourite, isPending: mutation.isPending, toggle: () => mutation.mutate(!isFavourite) };
}

/** Follow / unfollow, optimistically (the follower count moves with it), as useFavouriteToggle. */
export function useFollowToggle(
  therapistId: number,
  known: { isFollowing: boolean; count: number },
  onFailed: (error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState(known);
  useEffect(
    () => setConfirmed({ isFollowing: known.isFollowing, count: known.count }),
    [known.isFollowing, known.count],
  );
  const mutation = useMutation({
    mutationFn: (next: boolean) => setFollow(therapistId, next),
    onSuccess: (state) => setConfirmed({ isFollowing: state.isFollowing, count: state.followerCount }),
    onError: onFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.following }),
  });
  const shown = mutation.isPending
    ? {
        isFollowing: mutation.variables,
        count: Math.max(
          0,
          confirmed.count + (mutation.variables === confirmed.isFollowing ? 0 : mutation.variables ? 1 : -1),
        ),
      }
    : confirmed;
  return { ...shown, isPending: mutation.isPending, toggle: () => mutation.mutate(!shown.isFollowing) };
}
