// @vitest-environment happy-dom
import type { Home } from '@sabai/shared/catalog/catalog.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeQueryOptions, prefetchHome, useHome } from '../../../features/discovery/api/discovery-api';
import { answerWith, envelope, renderPage, requestedUrls } from '../../../test/render';
import { queryClient } from '../../providers';
import HomePage from './home-page';

const POSITION = { lat: 11.556, lng: 104.928 };
const HOME: Home = {
  cityId: 1,
  banners: [{ id: 1, title: 'Spa week in Phnom Penh', imageUrl: '/app/media/demo/banner-1.svg', link: '' }],
  categories: [],
  projects: [],
  recommendedTherapists: [],
  nearbyStores: [],
};

/** The server: Home's answer, empty rates and cities; each request recorded by the fetch mock. */
const answerHome = () =>
  answerWith((_method, path) => {
    if (path === '/app/home') return envelope(HOME);
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    if (path === '/app/cities') return envelope([]);
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
const homeRequests = (fetchMock: ReturnType<typeof answerHome>) =>
  requestedUrls(fetchMock, (path) => path === '/app/home');

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sabai.location', JSON.stringify(POSITION));
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Home's answer (decision 089)", () => {
  it('is asked for by the prefetch with the stored position, and the page reads that answer without asking again', async () => {
    const fetchMock = answerHome();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchHome(client);
    // Asked for at once, before anything renders, with the position the page will use.
    expect(homeRequests(fetchMock)).toHaveLength(1);
    expect(homeRequests(fetchMock)[0]?.searchParams.get('lat')).toBe(POSITION.lat.toFixed(5));
    await vi.waitFor(() => expect(client.getQueryData(homeQueryOptions(POSITION).queryKey)).toEqual(HOME));

    function Banner() {
      const home = useHome(POSITION);
      return <p>{home.data?.banners[0]?.title ?? 'pending'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Banner />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Spa week in Phnom Penh')).toBeTruthy();
    expect(homeRequests(fetchMock)).toHaveLength(1);
  });

  it('is asked for once when Home is drawn, and Home draws its banner from it', async () => {
    const fetchMock = answerHome();
    await renderPage(<HomePage />);
    expect(await screen.findByText('Spa week in Phnom Penh', {}, { timeout: 5000 })).toBeTruthy();
    const requests = homeRequests(fetchMock);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('lng')).toBe(POSITION.lng.toFixed(5));
  });
});
