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
  readTokenSavedAt,
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
      if (shouldRenewToken(readTokenExpiry(), readTokenSavedAt())) {
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

/** Only asked while logged in: a guest gets the "log in first" prompt, not the session-expired modal. */
export function useCancellation() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['identity', 'cancellation'],
    queryFn: ({ signal }) => fetchCancellation(signal),
    enabled: isLoggedIn,
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

/**
 * Spec section 4 "Logout": tell the server only while the token has not expired, then forget the
 * session here. Always quiet: an expired, revoked or banned session must not pop a modal on the
 * way out, and a network failure must not keep anyone logged in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    const expiry = readTokenExpiry();
    const isTokenLive = expiry === undefined || expiry > Date.now();
    if (isTokenLive) await logoutOnServer().catch(() => {});
    forgetSession();
    queryClient.removeQueries({ queryKey: ['identity'] });
  };
}
