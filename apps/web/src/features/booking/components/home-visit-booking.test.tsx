// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/booking.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { bookingDays } from '../booking-days';
import { HomeVisitBooking } from './home-visit-booking';

/**
 * The home-visit confirmation through its real parts (form, queries, i18n, router); only the
 * network answers are the test's, shaped as the booking routes answer them.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
beforeEach(() => {
  writeStored(STORAGE_KEYS.currency, 'USD');
});

// 20:00 UTC on 24 November is already 03:00 on the 25th in Phnom Penh (UTC+7).
const NOW = Date.parse('2026-11-24T20:00:00Z');
const ZONE = 'Asia/Phnom_Penh';
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
const slot = (localTime: string) => {
  const [hours, minutes] = localTime.split(':').map(Number) as [number, number];
  const startsAt = new Date(Date.UTC(2026, 10, 25, hours - 7, minutes)).toISOString();
  return {
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    localDate: '2026-11-25',
    localTime,
    utcOffsetMinutes: 420,
    travelMinutes: 12,
  };
};
const FREE = [slot('09:00'), slot('09:15'), slot('14:30')];
const quote = (clocks: number, unitPrice = 2000) => ({
  currency: 'USD',
  unitPrice,
  clocks,
  service: unitPrice * clocks,
  travelFee: 300,
  managementFee: 200,
  vat: 150,
  coupon: 0,
  total: unitPrice * clocks + 650,
  payable: unitPrice * clocks + 650,
});

type Answer = (method: string, path: string, url: URL) => Response | undefined;
function serve(extra: Answer = () => undefined) {
  return answerWith((method, path, url) => {
    const answered = extra(method, path, url);
    if (answered) return answered;
    if (path === '/app/addresses') return envelope([address]);
    if (path === '/app/availability/free-starts')
      return envelope(url.searchParams.get('date') === '2026-11-25' ? FREE : []);
    if (path === '/app/orders/home-visit/quote') return envelope(quote(1));
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null);
  });
}

const requests = (fetchMock: ReturnType<typeof answerWith>, path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter((call) => call.url.pathname === path);

async function renderBooking(
  route = '/index/order/orderDet?therapistId=1&projectId=2',
  {
    cityName = 'Phnom Penh',
    language = 'en' as const,
  }: { cityName?: string; language?: 'en' | 'zh-CN' } = {},
) {
  return renderPage(
    <Routes>
      <Route
        path="/index/order/orderDet"
        element={
          <HomeVisitBooking
            therapist={{ id: 1, name: 'Sreymom' }}
            project={project}
            timeZone={ZONE}
            cityName={cityName}
            now={NOW}
          />
        }
      />
      <Route path="/index/pay" element={<span data-testid="pay-page" />} />
    </Routes>,
    { route, language },
  );
}

describe('the start picker', () => {
  it('names the city and its offset under the tabs, in the reader’s language, never the zone id (issue #31)', async () => {
    serve();
    await renderBooking();
    expect(await screen.findByText('Times are Phnom Penh time (UTC+7)')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Asia/Phnom_Penh');
    cleanup();
    serve();
    // The city's name comes as the city list gives it in the reader's language.
    await renderBooking(undefined, { cityName: '金边', language: 'zh-CN' });
    expect(await screen.findByText('时间为金边时间（UTC+7）')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Asia/Phnom_Penh');
  });

  it('offers seven day tabs counted in the city’s time zone, not the phone’s', () => {
    expect(bookingDays(NOW, ZONE)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    // The same instant is still the 24th in New York.
    expect(bookingDays(NOW, 'America/New_York')[0]).toBe('2026-11-24');
  });

  it('asks for the city’s today and shows only the free starts the server returns; an empty day says so', async () => {
    const fetchMock = serve();
    await renderBooking();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(7);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs[0]?.getAttribute('data-date')).toBe('2026-11-25');
    expect(tabs[0]?.textContent).toBe(en.time.today);

    const grid = await screen.findByRole('tabpanel', { name: en.time.slotsLabel });
    await within(grid).findByRole('button', { name: '09:00' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['09:00', '09:15', '14:30']);
    const asked = requests(fetchMock, '/app/availability/free-starts').at(-1)?.url.searchParams;
    expect(asked?.get('date')).toBe('2026-11-25');
    expect(asked?.get('addressId')).toBe('31');
    expect(asked?.get('therapistId')).toBe('1');

    await userEvent.setup().click(tabs[1] as HTMLElement);
    expect(await screen.findByText(en.time.empty)).toBeTruthy();
    expect(within(grid).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('the number of sessions', () => {
  it('stays within 1 to 10 and asks for the free starts of the whole length', async () => {
    const fetchMock = serve();
    await renderBooking();
    const user = userEvent.setup();
    const fewer = screen.getByRole('button', { name: en.project.fewer });
    const more = screen.getByRole('button', { name: en.project.more });
    expect(fewer.hasAttribute('disabled')).toBe(true);
    for (let click = 0; click < 12; click += 1) if (!more.hasAttribute('disabled')) await user.click(more);
    expect(more.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('10', { selector: 'output' })).toBeTruthy();
    await waitFor(() =>
      expect(
        requests(fetchMock, '/app/availability/free-starts').at(-1)?.url.searchParams.get('clocks'),
      ).toBe('10'),
    );
    expect(fewer.hasAttribute('disabled')).toBe(false);
  });

  it('clamps a count from the address bar, and forgets a start that has passed', async () => {
    serve();
    await renderBooking(
      '/index/order/orderDet?therapistId=1&projectId=2&clocks=99&startsAt=2026-11-24T10:00:00.000Z',
    );
    expect(screen.getByText('10', { selector: 'output' })).toBeTruthy();
    expect(screen.queryByText(/^Chosen:/)).toBeNull();
    expect(await screen.findByText(en.price.pending)).toBeTruthy();
  });
});

describe('booking', () => {
  it('shows the server’s breakdown for the chosen start, in the user’s currency, updated when the sessions change', async () => {
    writeStored(STORAGE_KEYS.currency, 'KHR');
    const quotes: unknown[] = [];
    serve((_method, path) => {
      if (path === '/app/currency/rates')
        return envelope({
          base: 'USD',
          rates: [
            { currency: 'USD', perUsd: 1, minorDigits: 2 },
            { currency: 'KHR', perUsd: 4000, minorDigits: 0 },
          ],
        });
      return undefined;
    });
    // Answer quotes from the body actually sent, so the test proves the page asks with its inputs.
    const fetchMock = vi.mocked(fetch);
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/app/orders/home-visit/quote') {
        const body = JSON.parse(String(init?.body));
        quotes.push(body);
        return envelope(quote(body.clocks, 1800));
      }
      return (inner as typeof fetch)(input, init);
    });
    await renderBooking();
    const user = userEvent.setup();
    expect(await screen.findByText(en.price.pending)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: '09:15' }));

    const riel = (amount: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'KHR',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }).format(amount);
    const breakdown = await screen.findByRole('region', { name: en.price.heading });
    await within(breakdown).findByText(riel(98_000).replace(/\s/g, ' '));
    const line = (name: string) =>
      breakdown.querySelector(`[data-line="${name}"] dd`)?.textContent?.replace(/\s/g, ' ');
    // $18.00 member price, $3.00 travel, $2.00 management, $1.50 VAT → $24.50 payable, at 4,000 riel a dollar.
    expect(within(breakdown).getByText('Service × 1 (member price)')).toBeTruthy();
    expect(line('service')).toBe(riel(72_000).replace(/\s/g, ' '));
    expect(line('travelFee')).toBe(riel(12_000).replace(/\s/g, ' '));
    expect(line('managementFee')).toBe(riel(8_000).replace(/\s/g, ' '));
    expect(line('vat')).toBe(riel(6_000).replace(/\s/g, ' '));
    expect(line('coupon')).toBe(en.price.couponNone);
    expect(line('payable')).toBe(riel(98_000).replace(/\s/g, ' '));
    expect(quotes.at(-1)).toMatchObject({
      therapistId: 1,
      projectId: 2,
      clocks: 1,
      startsAt: FREE[1]?.startsAt,
      addressId: 31,
      travelMode: 'tukTuk',
    });

    await user.click(screen.getByRole('button', { name: en.project.more }));
    await waitFor(() => expect(line('payable')).toBe(riel(170_000).replace(/\s/g, ' ')));
    expect(within(breakdown).getByText('Service × 2 (member price)')).toBeTruthy();
  });

  it('requires the order agreement, then books without sending a price and opens the order', async () => {
    const orders: Record<string, unknown>[] = [];
    const fetchMock = serve((method, path) => {
      if (method === 'POST' && path === '/app/orders/home-visit') return envelope({ id: 77 });
      return undefined;
    });
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/app/orders/home-visit') orders.push(JSON.parse(String(init?.body)));
      if (url.pathname === '/app/orders/home-visit/quote') return envelope(quote(1));
      return (inner as typeof fetch)(input, init);
    });
    await renderBooking();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '14:30' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: en.contact.name }) as HTMLInputElement).value).toBe('Dara'),
    );

    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByText(en.errors.acceptAgreement)).toBeTruthy();
    expect(orders).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: en.agreement.label }));
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByTestId('pay-page')).toBeTruthy();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toEqual({
      therapistId: 1,
      projectId: 2,
      clocks: 1,
      startsAt: FREE[2]?.startsAt,
      addressId: 31,
      travelMode: 'tukTuk',
      contactName: 'Dara',
      remark: '',
      agreeTerms: true,
    });
    const sent = requests(fetchMock, '/app/orders/home-visit')[0]?.init?.headers as Record<string, string>;
    expect(sent['idempotency-key']).toMatch(/\w{16,}/);
  });

  it('on "time taken" refreshes the free starts, drops the choice and says why', async () => {
    const fetchMock = serve((method, path) =>
      method === 'POST' && path === '/app/orders/home-visit'
        ? envelope(null, { code: 3100, msg: 'This time was just taken. Please choose another time.' })
        : undefined,
    );
    await renderBooking();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    await user.click(screen.getByRole('checkbox', { name: en.agreement.label }));
    const before = requests(fetchMock, '/app/availability/free-starts').length;
    await user.click(screen.getByRole('button', { name: en.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This time was just taken.');
    expect(alert.textContent).toContain(en.errors.timeTaken);
    await waitFor(() =>
      expect(requests(fetchMock, '/app/availability/free-starts').length).toBeGreaterThan(before),
    );
    expect(screen.getByRole('button', { name: '09:00' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('on "provider cannot take order" offers to book another provider of the project', async () => {
    serve((method, path) =>
      method === 'POST' && path === '/app/orders/home-visit/quote'
        ? envelope(null, { code: 3102, msg: 'The provider cannot take this order right now.' })
        : undefined,
    );
    await renderPage(
      <Routes>
        <Route
          path="/index/order/orderDet"
          element={
            <HomeVisitBooking
              therapist={{ id: 1, name: 'Sreymom' }}
              project={project}
              timeZone={ZONE}
              now={NOW}
            />
          }
        />
        <Route path="/therapist/therapistList" element={<span data-testid="therapist-list" />} />
      </Routes>,
      { route: '/index/order/orderDet?therapistId=1&projectId=2' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The provider cannot take this order right now.');
    await user.click(within(alert).getByRole('button', { name: en.errors.bookAnother }));
    expect(await screen.findByTestId('therapist-list')).toBeTruthy();
  });

  it('without an address offers to add one, and will not book without it', async () => {
    const fetchMock = serve((_method, path) => (path === '/app/addresses' ? envelope([]) : undefined));
    await renderBooking();
    const add = await screen.findByRole('link', { name: new RegExp(en.address.add) });
    expect(add.getAttribute('href')).toMatch(/^\/my\/address\/selectAddressList\?returnTo=/);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    await user.click(screen.getByRole('checkbox', { name: en.agreement.label }));
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByText(en.errors.chooseAddress)).toBeTruthy();
    expect(requests(fetchMock, '/app/orders/home-visit')).toHaveLength(0);
    expect(requests(fetchMock, '/app/orders/home-visit/quote')).toHaveLength(0);
  });

  it('on "city not open" offers the city picker', async () => {
    serve((method, path) =>
      method === 'POST' && path === '/app/orders/home-visit/quote'
        ? envelope(null, { code: 3001, msg: 'This city is not open yet. Please switch city.' })
        : undefined,
    );
    await renderBooking();
    await userEvent.setup().click(await screen.findByRole('button', { name: '09:00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This city is not open yet.');
    expect(within(alert).getByRole('button', { name: en.errors.switchCity })).toBeTruthy();
  });
});

describe('the trip to the address chooser', () => {
  it('links to the chooser with a way back, and keeps what was typed when it comes back with another address', async () => {
    const other = {
      ...address,
      id: 32,
      contactName: 'Sophea',
      detail: 'Street 240, Daun Penh',
      isDefault: false,
    };
    serve((_method, path) => (path === '/app/addresses' ? envelope([address, other]) : undefined));
    await renderBooking();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:15' }));
    await user.type(screen.getByRole('textbox', { name: en.remark.label }), 'Gate code 42');
    await user.click(screen.getByRole('radio', { name: en.travel.walking }));
    await user.click(screen.getByRole('checkbox', { name: en.agreement.label }));

    const chooser = screen.getByRole('link', { name: new RegExp(en.address.change) });
    const target = new URL(chooser.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/my/address/selectAddressList');
    const back = new URL(target.searchParams.get('returnTo') ?? '', 'http://localhost');
    expect(back.pathname).toBe('/index/order/orderDet');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      therapistId: '1',
      projectId: '2',
      clocks: '1',
      startsAt: FREE[1]?.startsAt,
    });

    // The page is left for the chooser; it comes back to returnTo with the chosen address added.
    cleanup();
    await renderBooking(`${back.pathname}${back.search}&addressId=32`);
    expect(await screen.findByText('Street 240, Daun Penh')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: en.contact.name }) as HTMLInputElement).value).toBe(
        'Sophea',
      ),
    );
    expect((screen.getByRole('textbox', { name: en.remark.label }) as HTMLTextAreaElement).value).toBe(
      'Gate code 42',
    );
    expect((screen.getByRole('radio', { name: en.travel.walking }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: en.agreement.label }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((await screen.findByRole('button', { name: '09:15' })).getAttribute('aria-pressed')).toBe('true');
  });
});
