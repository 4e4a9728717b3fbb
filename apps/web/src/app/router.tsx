import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RouteError } from './route-error';
import { TabLayout } from './tab-layout';

/**
 * Every page is its own chunk, fetched together with the page providers (TanStack Query and
 * antd-mobile's ConfigProvider), so the first load carries only the shell: React, router, i18n
 * and the tab bar. Declarative routes (history mode): the app needs no loaders or actions.
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
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<TabLayout />}>
          <Route index element={<HomePage />} />
          <Route path="instore" element={<InstorePage />} />
          <Route path="therapist" element={<TherapistPage />} />
          <Route path="order" element={<OrderPage />} />
          <Route path="my" element={<MyPage />} />
        </Route>
        <Route path="my/setting" element={standalone(<SettingPage />)} />
        {/* Sign-in family, profile and account settings: one entry, dispatched by identity-pages.
            (More specific routes such as my/setting and my/gird/* still win over my/*.) */}
        {['public/*', 'my/*'].map((path) => (
          <Route key={path} path={path} element={standalone(<IdentityPages />)} />
        ))}
        {/* City picker, search, project/therapist/store pages: one entry, dispatched by discovery-pages. */}
        {['index/*', 'search', 'therapist/*', 'instore/*', 'my/gird/*'].map((path) => (
          <Route key={path} path={path} element={standalone(<DiscoveryPages />)} />
        ))}
        <Route path="*" element={standalone(<NotFoundPage />)} />
      </Routes>
    </RouteErrorBoundary>
  );
}
