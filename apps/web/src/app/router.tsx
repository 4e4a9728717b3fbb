import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { OfflineNotice } from '../components/ui/offline-notice';
import { PageLoading } from '../components/ui/page-loading';
import * as paths from '../lib/paths';
import { lazyWithProviders } from './lazy-with-providers';
import { RouteError } from './route-error';
import { TabLayout } from './tab-layout';

/**
 * Every page is its own chunk, fetched together with the page providers (TanStack Query and
 * antd-mobile's ConfigProvider), so the first load carries only the shell: React, router, i18n
 * and the tab bar. Routes are objects (history mode, react-router's declarative `useRoutes`): the
 * data router's own `lazy` would add about 17 KB gzipped to the first screen for loaders and actions
 * the app does not use (decision 017).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazyWithProviders(() => load().then((module) => module.default));
  return <Page />;
}

/**
 * Home draws its header, welcome and search entry without the page providers; its lazily loaded
 * parts (city, VIP card, discovery) bring them along (decision 064), so the first screen's
 * scripts leave TanStack Query out.
 */
const HomePage = lazy(() => import('./routes/home/home-page'));

/**
 * The shell's table: the five tabs, and every other page through one lazy table of its own
 * (routes/page-routes.tsx), so the route objects of twenty-odd pages stay out of the first load.
 */
const routes: RouteObject[] = [
  {
    element: <TabLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.instore.path, element: lazyPage(() => import('./routes/instore/instore-page')) },
      { path: paths.therapist.path, element: lazyPage(() => import('./routes/therapist/therapist-page')) },
      { path: paths.orders.path, element: lazyPage(() => import('./routes/order/order-page')) },
      { path: paths.my.path, element: lazyPage(() => import('./routes/my/my-page')) },
    ],
  },
  {
    path: '*',
    element: (
      <main className="standalone-layout">
        <OfflineNotice />
        <Suspense fallback={<PageLoading />}>{lazyPage(() => import('./routes/page-routes'))}</Suspense>
      </main>
    ),
  },
];

/** A page chunk that fails to load (offline, new deploy) or a page that throws: the error screen. */
interface BoundaryState {
  hasError: boolean;
  /** Where it failed: navigating elsewhere leaves the error screen. */
  failedAt: string | undefined;
}
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasError: false, failedAt: undefined };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): BoundaryState | null {
    if (state.hasError && state.failedAt !== undefined && state.failedAt !== props.resetKey) {
      return { hasError: false, failedAt: undefined };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    return this.state.hasError ? <RouteError /> : this.props.children;
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
