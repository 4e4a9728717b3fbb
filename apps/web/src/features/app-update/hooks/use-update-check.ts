import { findAvailableUpdate } from '@sabai/shared/platform/app-version';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { APP_VERSION, DEFAULT_APP_VARIANT } from '../../../lib/build-info';
import { getStoredAppVariant } from '../../../lib/storage';
import { appVersionsKey, fetchAppVersions } from '../api/app-versions';
import { readDismissedVersion, setDismissedVersion, subscribeDismissal } from '../update-dismissal';
import { announceUpdate } from '../update-signal';

const CHECK_EVERY_MS = 30 * 60_000;

/**
 * The upgrade check: the variant's published versions against this build's, dotted-numerically.
 * Asked at start, when the app comes back to the foreground and every half hour, so a forced
 * update published while the app is open reaches it.
 */
export function useUpdateCheck() {
  const variant = getStoredAppVariant(DEFAULT_APP_VARIANT);
  const query = useQuery({
    queryKey: appVersionsKey(variant),
    queryFn: () => fetchAppVersions(variant),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: CHECK_EVERY_MS,
    retry: false,
  });
  const dismissed = useSyncExternalStore(subscribeDismissal, readDismissedVersion, () => null);
  const update = query.data ? findAvailableUpdate(query.data, APP_VERSION) : null;
  const isShown = Boolean(update && (update.isForced || dismissed !== update.version));
  const { refetch } = query;

  /** "Check for updates": asks now and offers a version put off earlier again. */
  const checkNow = useCallback(async () => {
    setDismissedVersion(null);
    const result = await refetch({ throwOnError: true });
    const update = result.data ? findAvailableUpdate(result.data, APP_VERSION) : null;
    // The shell mounts the popup if the start-up check had found nothing.
    if (update) announceUpdate();
    return update;
  }, [refetch]);

  return { update, isShown, isChecking: query.isFetching, checkNow };
}
