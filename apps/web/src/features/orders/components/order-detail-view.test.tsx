// @vitest-environment happy-dom
import { allowedActions } from '@sabai/shared/booking/order-actions';
import type { OrderStatus } from '@sabai/shared/booking/order-status';
import { allowedTransitions } from '@sabai/shared/booking/order-transitions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { OrderDetail } from '../api/orders-api';
import { OrderDetailView } from './order-detail-view';

// antd-mobile's sheets fade in: their buttons are clickable in a browser before the animation ends.
const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TILES = { tileUrl: 'none', datum: 'wgs84', attribution: '' } as const;

/** An order as GET /app/orders/:id answers the customer, its allowed steps from the shared rules. */
function orderIn(status: OrderStatus, overrides: Partial<OrderDetail> = {}): OrderDetail {
  const kind = overrides.kind ?? 'homeVisit';
  return {
    id: 7,
    orderNumber: 'SB2611250007',
    kind,
    status,
    statusCode: 0,
    therapistId: 3,
    storeId: null,
    projectId: 5,
    clocks: 1,
    startsAt: '2026-11-25T03:00:00.000Z',
    endsAt: '2026-11-25T04:00:00.000Z',
    payable: 2500,
    currency: 'USD',
    createdAt: '2026-11-24T01:00:00.000Z',
    labels: {
      therapistName: 'Sokha',
      storeName: null,
      projectName: 'Khmer massage',
      timeZone: 'Asia/Phnom_Penh',
    },
    travelMode: 'tukTuk',
    travelMinutes: 12,
    distanceMetres: 1100,
    address: { detail: 'Street 51', houseNumber: '12B', arrivalNotes: '', lat: 11.56, lng: 104.93 },
    contactName: 'Dara',
    contactPhone: '+85512999888',
    remark: '',
    quote: {
      currency: 'USD',
      unitPrice: 2000,
      clocks: 1,
      service: 2000,
      travelFee: 300,
      managementFee: 200,
      vat: 0,
      coupon: 0,
      total: 2500,
      payable: 2500,
    },
    verificationCode: null,
    urged: false,
    extraClocks: 0,
    adjustments: [],
    settlement: null,
    timeline: [
      {
        from: null,
        to: 'pendingPayment',
        transition: 'create',
        actor: 'customer',
        reason: '',
        at: '2026-11-24T01:00:00.000Z',
      },
    ],
    // What the server answers: the shared state machine for the customer, `pay` left out until payments exist.
    allowedTransitions: allowedTransitions(kind, status, 'customer').filter((step) => step !== 'pay'),
    allowedActions: allowedActions(kind, status, 'customer'),
    providerPosition: null,
    callAttempts: 0,
    noShowAvailableAt: null,
    ...overrides,
  };
}

const RATES = { base: 'USD', rates: [] };

function PayLocation() {
  const location = useLocation();
  return <p data-testid="pay-location">{`${location.pathname}${location.search}`}</p>;
}

async function show(
  order: OrderDetail,
  route = (_method: string, _path: string): Response | undefined => undefined,
) {
  const fetchMock = answerWith((method, path) => {
    if (path === '/app/currency/rates') return envelope(RATES);
    return route(method, path) ?? envelope(null, { code: 404, msg: 'unexpected' });
  });
  await renderPage(<OrderDetailView order={order} tiles={TILES} />);
  return fetchMock;
}

const actionBar = () => screen.getByRole('region', { name: 'Order actions' });
const actionNames = () =>
  within(actionBar())
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim());

describe('the actions of an order', () => {
  it.each([
    ['pendingPayment', ['Pay', 'Cancel order']],
    ['waitingAcceptance', ['Urge', 'Change project', 'Cancel order']],
    ['accepted', ['Urge', 'Change project', 'Cancel order']],
    ['arrived', ['Change project', 'Cancel order']],
    ['inService', ['Add time']],
    // A finished order is reviewed and complained about from here (decision 049).
    ['completed', ['Review', 'Complain', 'Book again', 'Delete']],
    ['cancelled', ['Delete']],
    ['refunding', []],
  ] as const)('in %s shows exactly %j', async (status, expected) => {
    await show(orderIn(status));
    expect(actionNames()).toEqual(expected);
  });

  it('opens the pay page from pay', async () => {
    answerWith((_method, path) =>
      path === '/app/currency/rates' ? envelope(RATES) : envelope(null, { code: 404, msg: 'unexpected' }),
    );
    await renderPage(
      <Routes>
        <Route path="/" element={<OrderDetailView order={orderIn('pendingPayment')} tiles={TILES} />} />
        <Route path="/index/pay" element={<PayLocation />} />
      </Routes>,
    );
    await user.click(within(actionBar()).getByRole('button', { name: 'Pay' }));
    expect((await screen.findByTestId('pay-location')).textContent).toBe('/index/pay?ordersId=7');
  });

  it('leaves urge out once the server says it was used', async () => {
    await show(orderIn('accepted', { urged: true, allowedActions: ['changeProject'] }));
    expect(actionNames()).toEqual(['Change project', 'Cancel order']);
  });

  it("shows the server's refusal of a second urge", async () => {
    await show(orderIn('accepted'), (method, path) =>
      method === 'POST' && path === '/app/orders/7/urge'
        ? envelope(null, { code: 40_932, msg: 'You have already urged this order.' })
        : undefined,
    );
    await user.click(within(actionBar()).getByRole('button', { name: 'Urge' }));
    expect(await screen.findByText('You have already urged this order.')).toBeTruthy();
  });

  it('refuses extra time that would collide with the next order with the server message', async () => {
    const fetchMock = await show(orderIn('inService'), (method, path) =>
      method === 'POST' && path === '/app/orders/7/extra-clocks'
        ? envelope(null, { code: 40_901, msg: 'That time is already taken by the next order.' })
        : undefined,
    );
    await user.click(within(actionBar()).getByRole('button', { name: 'Add time' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add time' });
    await user.click(within(sheet).getByRole('button', { name: 'Add' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'That time is already taken by the next order.',
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/extra-clocks'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ count: 1 });
  });
});

describe('a therapist who cannot come', () => {
  it('offers the free therapists nearby with the new total and the difference, one tap each, or a full refund', async () => {
    const fetchMock = await show(orderIn('reassigning'), (method, path) => {
      if (method === 'GET' && path === '/app/orders/7/alternatives')
        return envelope([
          {
            therapist: { id: 11, name: 'Chenda', avatar: '', rating: 4.8, distanceMetres: 1500 },
            quote: { ...orderIn('reassigning').quote, travelFee: 500, total: 2700, payable: 2700 },
            difference: 200,
          },
          {
            therapist: { id: 12, name: 'Vanna', avatar: '', rating: null, distanceMetres: 800 },
            quote: { ...orderIn('reassigning').quote, travelFee: 100, total: 2300, payable: 2300 },
            difference: -200,
          },
        ]);
      if (method === 'POST' && path === '/app/orders/7/reassign')
        return envelope(orderIn('waitingAcceptance'));
      return undefined;
    });
    const list = await screen.findByRole('region', { name: 'Free therapists nearby' });
    const chenda = (await within(list).findByText('Chenda')).closest('li');
    expect(chenda?.textContent).toContain('New total $27.00');
    expect(chenda?.textContent).toContain('$2.00 more');
    const vanna = within(list).getByText('Vanna').closest('li');
    expect(vanna?.textContent).toContain('$2.00 back to you');
    expect(actionNames()).toEqual(['Cancel for a full refund']);

    await user.click(within(list).getByRole('button', { name: 'Choose Vanna' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/reassign'))).toBe(true),
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/reassign'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ therapistId: 12 });
  });
});

describe('cancelling', () => {
  it('first shows exactly what is kept and refunded, then cancels with the reason given', async () => {
    const fetchMock = await show(orderIn('accepted'), (method, path) => {
      if (method === 'GET' && path === '/app/orders/7/cancellation')
        return envelope({
          stage: 'afterAcceptance',
          currency: 'USD',
          paid: 2500,
          kept: [
            { reason: 'travelFee', keptBy: 'provider', amount: 300 },
            { reason: 'managementFee', keptBy: 'platform', amount: 200 },
          ],
          keptTotal: 500,
          refund: 2000,
          isCouponReturned: true,
        });
      if (method === 'POST' && path === '/app/orders/7/transitions') return envelope(orderIn('refunding'));
      return undefined;
    });
    await user.click(within(actionBar()).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    const preview = await within(dialog).findByTestId('cancel-preview');
    const row = (label: string) => within(preview).getByText(label).closest('div');
    expect(row('Paid')?.textContent).toContain('$25.00');
    expect(row('Travel fee')?.textContent).toContain('by the therapist');
    expect(row('Travel fee')?.textContent).toContain('−$3.00');
    expect(row('Management fee')?.textContent).toContain('−$2.00');
    expect(row('Kept')?.textContent).toContain('$5.00');
    expect(row('Refunded to you')?.textContent).toContain('$20.00');
    expect(within(dialog).getByText('Your coupon is returned.')).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/transitions'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'plans changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/transitions'))).toBe(true),
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/transitions'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ transition: 'cancel', reason: 'plans changed' });
  });
});

describe('the timeline', () => {
  it('lists every transition with who made it and its time in the city’s zone', async () => {
    await show(
      orderIn('departed', {
        timeline: [
          {
            from: null,
            to: 'pendingPayment',
            transition: 'create',
            actor: 'customer',
            reason: '',
            at: '2026-11-24T01:00:00.000Z',
          },
          {
            from: 'pendingPayment',
            to: 'waitingAcceptance',
            transition: 'pay',
            actor: 'system',
            reason: '',
            at: '2026-11-24T01:05:00.000Z',
          },
          {
            from: 'waitingAcceptance',
            to: 'accepted',
            transition: 'accept',
            actor: 'provider',
            reason: '',
            at: '2026-11-24T01:07:00.000Z',
          },
          {
            from: 'accepted',
            to: 'departed',
            transition: 'depart',
            actor: 'provider',
            reason: 'tuk-tuk',
            at: '2026-11-25T02:30:00.000Z',
          },
        ],
      }),
    );
    const timeline = screen.getByRole('region', { name: 'Order history' });
    const rows = within(timeline).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.order-timeline__what')?.textContent)).toEqual([
      'Order placed · you',
      'Paid · automatic',
      'Accepted by the therapist · therapist',
      'Therapist set off · therapist',
    ]);
    // 02:30 UTC is 09:30 in Phnom Penh (UTC+7).
    expect(rows[3]?.textContent).toMatch(/9:30/);
    expect(rows[3]?.textContent).toContain('tuk-tuk');
    expect(rows[3]?.classList.contains('is-latest')).toBe(true);
  });
});
