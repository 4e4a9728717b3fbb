// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/desk.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import DeskOrdersPage from './desk-orders-page';

/** The desk: staff only; an order is found by its number or a party's phone; flagged orders are listed. */
const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function signInAs(roles: string[]) {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 9, nickname: 'Srey', areaCode: '855', phone: '012345679', roles });
}

const order = {
  id: 41,
  orderNumber: 'SB2611240041',
  kind: 'homeVisit',
  status: 'departed',
  statusCode: 40,
  therapistId: 3,
  storeId: null,
  projectId: 5,
  clocks: 1,
  startsAt: '2026-11-24T09:00:00.000Z',
  endsAt: '2026-11-24T10:00:00.000Z',
  payable: 2500,
  currency: 'USD',
  createdAt: '2026-11-24T01:00:00.000Z',
  contactName: 'Dara',
  contactPhone: '+85512999888',
};

function server() {
  return answerWith((_method, path, url) => {
    if (path === '/app/staff/orders/attention')
      return envelope({
        items: [
          {
            flagId: 1,
            kind: 'providerLate',
            raisedAt: '2026-11-24T09:05:00.000Z',
            order: { ...order, customerId: 2, cityId: 1 },
          },
        ],
        page: 1,
        pageSize: 20,
        hasMore: false,
      });
    if (path === '/app/staff/orders') {
      const found =
        url.searchParams.get('orderNumber') === order.orderNumber ||
        (url.searchParams.get('areaCode') === '855' && url.searchParams.get('phone') === '12999888');
      return envelope(found ? [order] : []);
    }
    return envelope({ base: 'USD', rates: [] });
  });
}

describe('the customer service desk', () => {
  it('is for staff only: a customer is told so and nothing staff-only is asked of the server', async () => {
    signInAs(['customer']);
    const fetchMock = server();
    await renderPage(<DeskOrdersPage />);
    expect(await screen.findByRole('heading', { name: en.staffOnly.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.search.submit })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/app/staff/'))).toBe(false);
  });

  it('lists the orders needing attention with their flag, each opening the order page', async () => {
    signInAs(['customer', 'customer_service']);
    server();
    await renderPage(<DeskOrdersPage />);
    const list = await screen.findByRole('list', { name: en.attention.title });
    const link = within(list).getByRole('link', { name: `Open order ${order.orderNumber}` });
    expect(link.textContent).toContain(en.flags.providerLate);
    expect(link.getAttribute('href')).toBe(`/my/order/pay?ordersId=${order.id}`);
  });

  it('finds an order by its number or by a party’s phone; an empty search is explained, not sent', async () => {
    signInAs(['admin']);
    const fetchMock = server();
    await renderPage(<DeskOrdersPage />);
    const searches = () => fetchMock.mock.calls.filter(([url]) => /\/app\/staff\/orders\?/.test(String(url)));

    await user.click(await screen.findByRole('button', { name: en.search.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.search.incomplete);
    expect(searches()).toHaveLength(0);

    await user.type(screen.getByLabelText(en.search.orderNumber), order.orderNumber);
    await user.click(screen.getByRole('button', { name: en.search.submit }));
    const results = await screen.findByRole('list', { name: en.search.results });
    expect(
      within(results)
        .getByRole('link', { name: `Open order ${order.orderNumber}` })
        .getAttribute('href'),
    ).toBe(`/my/order/pay?ordersId=${order.id}`);

    await user.click(screen.getByText(en.search.byPhone));
    await user.type(screen.getByLabelText(en.search.phone), '099000000');
    await user.click(screen.getByRole('button', { name: en.search.submit }));
    expect((await screen.findByRole('status')).textContent).toBe(en.search.none);
    await user.clear(screen.getByLabelText(en.search.phone));
    await user.type(screen.getByLabelText(en.search.phone), '12999888');
    await user.click(screen.getByRole('button', { name: en.search.submit }));
    await waitFor(() => expect(screen.getByRole('list', { name: en.search.results })).toBeTruthy());
    const last = new URL(String(searches().at(-1)?.[0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toEqual({ areaCode: '855', phone: '12999888' });
  });
});
