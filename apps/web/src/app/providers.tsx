import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../features/identity/session';
import { isApiError } from '../lib/api-error';
import { findAntdLocale, subscribeAntdLocales } from '../lib/i18n';
import { PushBridge } from './push-bridge';

/**
 * What pages need around them: one TanStack Query client and antd-mobile's locale. This module
 * loads with the first page chunk rather than the shell (the router wraps each lazy page in
 * `PageProviders`); every page shares this single client and cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry transport trouble once; business answers (code ≠ 0) are final.
      retry: (failureCount, error) =>
        failureCount < 1 && isApiError(error) && ['network', 'timeout', 'http'].includes(error.kind),
      refetchOnWindowFocus: false,
      // Offline, ask anyway: the service worker answers the lists the user saw last from its cache
      // (decision 050); TanStack's default ("online") would wait for the network forever.
      networkMode: 'offlineFirst',
    },
  },
});

// The prompt after a new agreement version (decision 054): its own chunk, fetched once a user is signed in.
const AgreementGate = lazy(() =>
  import('../features/help/components/agreement-gate').then((module) => ({ default: module.AgreementGate })),
);

export function PageProviders({ children }: { children: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();
  const { i18n } = useTranslation();
  // A language's antd-mobile locale arrives a moment after its strings: re-render when it does.
  const antdLocale = useSyncExternalStore(subscribeAntdLocales, () => findAntdLocale(i18n.language));
  return (
    <QueryClientProvider client={queryClient}>
      <PushBridge />
      <ConfigProvider locale={antdLocale ?? enUS}>
        {children}
        {isLoggedIn ? (
          <Suspense fallback={null}>
            <AgreementGate isLoggedIn={isLoggedIn} />
          </Suspense>
        ) : null}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
