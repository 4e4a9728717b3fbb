import { findAvailableUpdate } from '@sabai/shared/platform/app-version';
import { APP_VERSION, DEFAULT_APP_VARIANT } from '../../lib/build-info';
import { getStoredAppVariant } from '../../lib/storage';
import { fetchAppVersions } from './api/app-versions';
import { announceUpdate } from './update-signal';

/**
 * The start-up upgrade check without any UI: asks `selectNewApp` and, only when a newer version is
 * published, announces it so the shell loads the popup. Network trouble is silent (checked again later).
 */
export async function checkForUpdateQuietly(): Promise<void> {
  try {
    const records = await fetchAppVersions(getStoredAppVariant(DEFAULT_APP_VARIANT));
    if (findAvailableUpdate(records, APP_VERSION)) announceUpdate();
  } catch {
    // Offline or the server is away: the next check (foreground, timer) tries again.
  }
}
