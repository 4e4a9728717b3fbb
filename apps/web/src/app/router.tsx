import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RouteError } from './route-error';
import { TabLayout } from './tab-layout';

/**
 * Every page is its own chunk, fetched together with the page providers (TanStack Query and
 * antd-mobile's ConfigProvider), so the first load carries only the shell: React, router, i18n
 * and the tab bar.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [page, providers] = await Promise.all([load(), import('./providers')]);
    const Page = page.default;
    const { PageProviders } = providers;
    return {
      default: () => (
        <PageProviders>
          <Page />
        </PageProviders>
      ),
    };
  });
}

const HomePage = lazyPage(() => import('./routes/home/home-page'));
const InstorePage = lazyPage(() => import('./routes/instore/instore-page'));
const TherapistPage = lazyPage(() => import('./routes/therapist/therapist-page'));
const OrderPage = lazyPage(() => import('./routes/order/order-page'));
const MyPage = lazyPage(() => import('./routes/my/my-page'));
const SettingPage = lazyPage(() => import('./routes/my/setting-page'));
const DiscoveryPages = lazyPage(() => import('./routes/discovery-pages'));
const NotFoundPage = lazyPage(() => import('./routes/not-found/not-found-page'));
const IdentityPages = lazyPage(() => import('./routes/identity-pages'));

const standalone = (element: ReactNode) => (
  <div className="standalone-layout">
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </div>
);

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'instore', element: <InstorePage /> },
          { path: 'therapist', element: <TherapistPage /> },
          { path: 'order', element: <OrderPage /> },
          { path: 'my', element: <MyPage /> },
        ],
      },
      { path: 'my/setting', element: standalone(<SettingPage />) },
      // Sign-in family, profile and account settings: one entry, dispatched by identity-pages.
      // (More specific routes such as my/setting and my/gird/* still win over my/*.)
      ...['public/*', 'my/*'].map((path) => ({ path, element: standalone(<IdentityPages />) })),
      // City picker, search, project/therapist/store pages: one entry, dispatched by discovery-pages.
      ...['index/*', 'search', 'therapist/*', 'instore/*', 'my/gird/*'].map((path) => ({
        path,
        element: standalone(<DiscoveryPages />),
      })),
      { path: '*', element: standalone(<NotFoundPage />) },
    ],
  },
]);
