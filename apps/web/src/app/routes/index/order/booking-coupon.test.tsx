// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeVisitBooking } from '../../../../features/booking/components/home-visit-booking';
import { CouponChoice } from '../../../../features/coupons/components/coupon-choice';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import coupons from '../../../../locales/en/coupons.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';

/**
 * The coupon picker on the home-visit booking page, composed as the page composes it: the quote is
 * asked again with the chosen coupon and shows the server's coupon line; a refused coupon is dropped.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
beforeEach(() => writeStored(STORAGE_KEYS.currency, 'USD'));

const NOW = Date.parse('2026-11-24T20:00:00Z');
const project = {
  id: 2,
  name: 'Thai massage',
  cover: '/cover.webp',
  durationMinutes: 60,
  price: { amount: 2000, currency: 'USD' },
  memberPrice: { amount: 1800, currency: 'USD' },
};
const address = {
  id: 31,
  contactName: 'Dara',
  genderTitle: 'ms',
  phoneE164: '+85512345670',
  placeType: 'house',
  detail: 'Street 51, BKK1',
  houseNumber: '',
  arrivalNotes: '',
  photos: [],
  isDefault: true,
  lat: 11.55,
  lng: 104.92,
};
const startsAt = new Date(Date.UTC(2026, 10, 25, 2, 0)).toISOString();
const FREE = [
  {
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    localDate: '2026-11-25',
    localTime: '09:00',
    utcOffsetMinutes: 420,
    travelMinutes: 12,
  },
];
const TOTAL = 2650;
const quote = (coupon: number) => ({
  currency: 'USD',
  unitPrice: 2000,
  clocks: 1,
  service: 2000,
  travelFee: 300,
  managementFee: 200,
  vat: 150,
  coupon,
  total: TOTAL,
  payable: TOTAL - coupon,
});
const coupon = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'amount',
  amount: 500,
  percentBasisPoints: 0,
  capAmount: 0,
  currency: 'USD',
  minimumAmount: 0,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2026-12-31T00:00:00.000Z',
  status: 'unused',
  orderId: null,
  usedAt: null,
  ...overrides,
});
const MINE = [coupon(11), coupon(12, { minimumAmount: 5000 }), coupon(13, { currency: 'THB' })];

function serve() {
  return answerWith(async (_method, path, url) => {
    if (path === '/app/addresses') return envelope([address]);
    if (path === '/app/availability/free-starts')
      return envelope(url.searchParams.get('date') === '2026-11-25' ? FREE : []);
    if (path === '/app/coupons')
      return envelope({ items: MINE, total: MINE.length, page: 1, pageSize: 50, hasMore: false });
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null);
  });
}

async function renderBooking(onQuote: (body: Record<string, unknown>) => Response) {
  const quotes: Record<string, unknown>[] = [];
  const fetchMock = serve();
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/app/orders/home-visit/quote') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      quotes.push(body);
      return onQuote(body);
    }
    return (base as NonNullable<typeof base>)(input, init);
  });
  await renderPage(
    <Routes>
      <Route
        path="/index/order/orderDet"
        element={
          <HomeVisitBooking
            therapist={{ id: 1, name: 'Sreymom' }}
            project={project}
            timeZone="Asia/Phnom_Penh"
            now={NOW}
            couponSlot={(slot) => <CouponChoice {...slot} />}
          />
        }
      />
    </Routes>,
    { route: '/index/order/orderDet?therapistId=1&projectId=2' },
  );
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(await screen.findByRole('button', { name: '09:00' }));
  return { user, quotes };
}

const couponLine = () => document.querySelector('[data-line="coupon"] dd')?.textContent;
const payableLine = () => document.querySelector('[data-line="payable"] dd')?.textContent;

describe('the coupon picker on the booking page', () => {
  it('offers only the coupons that fit this order, and the quote comes back with the coupon line', async () => {
    const { user, quotes } = await renderBooking((body) => envelope(quote(body.couponId ? 500 : 0)));
    const row = await screen.findByRole('button', { name: /1 available/ });
    await waitFor(() => expect((row as HTMLButtonElement).disabled).toBe(false));
    await user.click(row);
    const sheet = await screen.findByRole('dialog', { name: coupons.picker.title });
    const options = within(sheet).getAllByRole('button', { pressed: false });
    const [fits, tooSmall, otherCurrency] = options as [
      HTMLButtonElement,
      HTMLButtonElement,
      HTMLButtonElement,
    ];
    expect(fits.disabled).toBe(false);
    expect(tooSmall.disabled).toBe(true);
    expect(within(tooSmall).getByText('Needs an order from $50.00')).toBeTruthy();
    expect(otherCurrency.disabled).toBe(true);
    expect(within(otherCurrency).getByText('Not for USD orders')).toBeTruthy();
    await user.click(fits);
    await waitFor(() => expect(quotes.at(-1)?.couponId).toBe(11));
    await waitFor(() => expect(couponLine()).toBe('−$5.00'));
    expect(payableLine()).toBe('$21.50');
    const chosenRow = screen.getByRole('button', { name: /^Coupon \$5\.00 off/ });

    // "Don't use a coupon" prices the order without it again.
    await user.click(chosenRow);
    await user.click(await screen.findByRole('button', { name: coupons.picker.none }));
    await waitFor(() => expect(payableLine()).toBe('$26.50'));
    expect(couponLine()).not.toBe('−$5.00');
  });

  it('drops a coupon the server refuses and says why', async () => {
    const { user, quotes } = await renderBooking((body) =>
      body.couponId
        ? envelope(null, { code: 4046, msg: 'This coupon has already been used.' })
        : envelope(quote(0)),
    );
    const row = await screen.findByRole('button', { name: /1 available/ });
    await waitFor(() => expect((row as HTMLButtonElement).disabled).toBe(false));
    await user.click(row);
    const sheet = await screen.findByRole('dialog', { name: coupons.picker.title });
    await user.click(within(sheet).getAllByRole('button', { pressed: false })[0] as HTMLElement);
    expect(
      await screen.findByText('The coupon was removed: This coupon has already been used.'),
    ).toBeTruthy();
    expect(quotes.some((body) => body.couponId === 11)).toBe(true);
    // The choice is gone: the row offers the coupons again and the price has no coupon line.
    expect(await screen.findByRole('button', { name: /^Coupon 1 available/ })).toBeTruthy();
    await waitFor(() => expect(payableLine()).toBe('$26.50'));
  });
});
