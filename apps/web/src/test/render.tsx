import type { Language } from '@sabai/shared/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { changeLanguage, i18n } from '../lib/i18n';

/**
 * Component tests render with the app's real parts: i18next with the real catalogues (in the
 * language asked for), a fresh TanStack Query client, a memory router. Only the network is
 * replaced: `answerWith` stubs `fetch` with the server's envelope.
 */
export async function renderPage(
  element: ReactNode,
  { language = 'en', route = '/' }: { language?: Language; route?: string } = {},
) {
  await changeLanguage(language);
  // The page namespaces load on first use; a test renders with them in place.
  await i18n.loadNamespaces(['identity', 'discovery', 'ui', 'addresses']);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export const envelope = (data: unknown, { code = 0, msg = '' }: { code?: number; msg?: string } = {}) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A request the test answers later: `answer(response)` settles it. */
export function deferredResponse() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

/** Replaces `fetch`; `route(method, path)` answers each request (path without the query). */
export function answerWith(route: (method: string, path: string, url: URL) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return route(init?.method ?? 'GET', url.pathname, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs of the requests `answerWith`'s mock received whose path `matches`, in order. */
export function requestedUrls(
  fetchMock: ReturnType<typeof answerWith>,
  matches: (path: string) => boolean,
): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => matches(url.pathname));
}
