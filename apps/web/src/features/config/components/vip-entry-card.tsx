import { lazy, Suspense } from 'react';

/**
 * The VIP membership entry on Home, loaded one step after the first screen: its data hook
 * (TanStack Query's observer), antd-mobile Button, Skeleton and icon are not needed for the
 * first paint. Until it arrives a quiet placeholder of the same size holds its place.
 */
const VipEntryCardView = lazy(() => import('./vip-entry-card-view'));

export function VipEntryCard() {
  return (
    <Suspense fallback={<div className="vip-card__skeleton vip-card__placeholder" aria-hidden="true" />}>
      <VipEntryCardView />
    </Suspense>
  );
}
