/**
 * The VIP membership entry on Home, loaded one step after the first screen: its data hook
 * (TanStack Query's observer), antd-mobile Button, Skeleton and icon are not needed for the
 * first paint. Home loads the view (with the page providers, decision 064) and shows this quiet
 * placeholder of the same size until it arrives.
 */
export const loadVipEntryCardView = () => import('./vip-entry-card-view').then((module) => module.default);

export function VipEntryCardPlaceholder() {
  return <div className="vip-card__skeleton vip-card__placeholder" aria-hidden="true" />;
}
