// @vitest-environment happy-dom
import type { TherapistDetail } from '@sabai/shared/catalog/catalog.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchTherapist } from '../../../features/discovery/api/discovery-api';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { answerWith, envelope, requestedUrls } from '../../../test/render';
import { queryClient } from '../../providers';
import PageRoutes from '../page-routes';

const POSITION = { lat: 11.556, lng: 104.928 };
const THERAPIST: TherapistDetail = {
  id: 7,
  cityId: 1,
  storeId: null,
  name: 'Sokha Chan',
  avatar: '/app/media/demo/avatar-female-1.svg',
  gender: 'female',
  rating: 4.8,
  reviewCount: 1,
  orderCount: 12,
  languages: ['km', 'en'],
  skills: [],
  state: 'available',
  availableFrom: null,
  isBookable: true,
  badges: [],
  location: POSITION,
  distanceKm: 1.2,
  price: { amount: 2500, currency: 'USD' },
  viewer: null,
  followerCount: 3,
  photos: [],
  introduction: 'Ten years of Khmer traditional massage.',
  serviceArea: 'Daun Penh',
  serviceRadiusKm: 8,
  nationality: 'KH',
  certificates: [],
  projects: [],
  reviews: [],
  store: null,
};

/** The server: the therapist, empty rates and cities; each request recorded by the fetch mock. */
const answerTherapist = () =>
  answerWith((_method, path) => {
    if (path === '/app/therapists/7') return envelope(THERAPIST);
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    if (path === '/app/cities') return envelope([]);
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
const therapistRequests = (fetchMock: ReturnType<typeof answerTherapist>) =>
  requestedUrls(fetchMock, (path) => path.startsWith('/app/therapists/'));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sabai.location', JSON.stringify(POSITION));
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe("A therapist's page's answer (decision 091)", () => {
  it('is asked for by the prefetch with the stored position; a malformed id asks nothing', () => {
    const fetchMock = answerTherapist();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchTherapist(client, undefined);
    expect(therapistRequests(fetchMock)).toEqual([]);
    prefetchTherapist(client, 7);
    const requests = therapistRequests(fetchMock);
    expect(requests.map((url) => url.pathname)).toEqual(['/app/therapists/7']);
    expect(requests[0]?.searchParams.get('lat')).toBe(POSITION.lat.toFixed(5));
  });

  it('is asked for once when the page is opened by its URL, and the page draws it', async () => {
    const fetchMock = answerTherapist();
    await changeLanguage('en');
    await i18n.loadNamespaces(['discovery', 'ui']);
    const route = '/therapist/orderDetail?id=7';
    // The app's BrowserRouter keeps the window's URL; the loader reads it there.
    window.history.replaceState(null, '', route);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <PageRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(THERAPIST.introduction, {}, { timeout: 5000 })).toBeTruthy();
    const requests = therapistRequests(fetchMock);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('lng')).toBe(POSITION.lng.toFixed(5));
  });
});
