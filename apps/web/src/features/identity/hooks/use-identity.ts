import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchCancellation,
  fetchCountries,
  fetchCurrentUser,
  logoutOnServer,
  renewToken,
  requestCancellation,
  revokeCancellation,
  updateNickname,
  uploadAvatar,
} from '../api/identity-api';
import {
  forgetSession,
  readTokenExpiry,
  saveToken,
  saveUser,
  shouldRenewToken,
  useIsLoggedIn,
} from '../session';

export const CURRENT_USER_KEY = ['identity', 'me'] as const;

export function useCountries() {
  return useQuery({
    queryKey: ['identity', 'countries'],
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: 60 * 60_000,
  });
}

/** The signed-in user's record, kept in storage too (the Me page shows it while refreshing). */
export function useCurrentUser() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async ({ signal }) => {
      const user = await fetchCurrentUser(signal);
      saveUser(user);
      // The app refreshes the user on every visit to Me: a good moment to renew an ageing session.
      if (shouldRenewToken(readTokenExpiry())) {
        const renewed = await renewToken().catch(() => undefined);
        if (renewed) saveToken(renewed.uniRes.newToken);
      }
      return user;
    },
    enabled: isLoggedIn,
    staleTime: 30_000,
  });
}

export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNickname,
    onSuccess: (user) => {
      saveUser(user);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, file.name || 'avatar'),
    onSuccess: (user) => {
      saveUser(user);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export function useCancellation() {
  return useQuery({
    queryKey: ['identity', 'cancellation'],
    queryFn: ({ signal }) => fetchCancellation(signal),
  });
}

export function useCancellationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['identity'] });
  return {
    request: useMutation({ mutationFn: requestCancellation, onSuccess: refresh }),
    revoke: useMutation({ mutationFn: revokeCancellation, onSuccess: refresh }),
  };
}

/** Ends the session on the server (when it still works), then forgets it here. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await logoutOnServer().catch(() => {});
    forgetSession();
    queryClient.removeQueries({ queryKey: ['identity'] });
  };
}
