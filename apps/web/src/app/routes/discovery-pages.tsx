import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';

/**
 * The discovery pages behind the router's `index/*`, `search`, `therapist/*`, `instore/*` and
 * `my/gird/*` entries. One router entry dispatching here (instead of one per page) keeps the shell's route
 * table, which ships in the initial JavaScript, a few hundred bytes smaller; each page is still its
 * own chunk.
 */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/index/citys': lazy(() => import('./home/city-page')),
  '/search': lazy(() => import('./home/search-page')),
  '/index/order/order': lazy(() => import('./home/project-page')),
  '/therapist/therapistList': lazy(() => import('./therapist/therapist-list-page')),
  '/therapist/maptherapist': lazy(() => import('./therapist/therapist-map-page')),
  '/therapist/orderDetail': lazy(() => import('./therapist/therapist-detail-page')),
  '/instore/orderDetail': lazy(() => import('./instore/store-detail-page')),
  '/instore/storeInfo': lazy(() => import('./instore/store-info-page')),
  '/instore/certificate': lazy(() => import('./instore/store-certificate-page')),
  '/my/gird/shoucang': lazy(() => import('./my/gird/favourites-page')),
  '/my/gird/guanzhu': lazy(() => import('./my/gird/follows-page')),
  '/my/gird/visitor': lazy(() => import('./my/gird/visitors-page')),
  '/my/gird/browse': lazy(() => import('./my/gird/footprints-page')),
};
// The spec's own spelling of the city picker's route.
PAGES['/index/citys/citys'] = PAGES['/index/citys'] as LazyExoticComponent<ComponentType>;

const NotFoundPage = lazy(() => import('./not-found/not-found-page'));

export default function DiscoveryPages() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, '')] ?? NotFoundPage;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
