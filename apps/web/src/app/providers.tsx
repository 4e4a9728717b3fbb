import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';
import { findAntdLocale, subscribeAntdLocales } from '../lib/i18n';

/**
 * What pages need around them: one TanStack Query client and antd-mobile's locale. This module
 * loads with the page chunks rather than the shell (the router wraps each lazy page in
 * `PageProviders`; Home wraps only its lazily loaded parts, decision 064); every page shares this
 * single client and cache, however many `PageProviders` are mounted.
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

export function PageProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // A language's antd-mobile locale arrives a moment after its strings: re-render when it does.
  const antdLocale = useSyncExternalStore(subscribeAntdLocales, () => findAntdLocale(i18n.language));
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale ?? enUS}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
