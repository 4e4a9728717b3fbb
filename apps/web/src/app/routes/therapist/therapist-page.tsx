import type { Role } from '@sabai/shared/identity/identity.schemas';
import { lazy } from 'react';
import { useIsLoggedIn } from '../../../lib/session-state';
import { readStored, STORAGE_KEYS } from '../../../lib/storage';

/**
 * The centre tab: the workbench for a provider, the store counter for store staff, and for everyone
 * else the therapists available now. Each loads one step later: a tab page's static imports are
 * listed in the shell's preload map, and these pages' (cards, lists, popups) would not fit there.
 */
const AvailableTherapistsPage = lazy(() => import('./available-therapists-page'));
const WorkbenchPage = lazy(() => import('./workbench-page'));
const StoreOrdersPage = lazy(() => import('../store/store-orders-page'));

export default function TherapistTab() {
  // Re-renders on login and logout, so the tab follows who is signed in.
  const isLoggedIn = useIsLoggedIn();
  const roles = (isLoggedIn ? readStored<{ roles?: Role[] }>(STORAGE_KEYS.userInfo)?.roles : undefined) ?? [];
  if (roles.includes('provider')) return <WorkbenchPage />;
  if (roles.includes('merchant')) return <StoreOrdersPage />;
  return <AvailableTherapistsPage />;
}
