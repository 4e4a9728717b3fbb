// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { OrderTab } from '../api/orders-api';
import { OrderList } from './order-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = {
  id: 9,
  orderNumber: 'SB2611250009',
  kind: 'homeVisit',
  status: 'departed',
  statusCode: 40,
  therapistId: 3,
  storeId: null,
  projectId: 5,
  clocks: 2,
  startsAt: '2026-11-25T03:00:00.000Z',
  endsAt: '2026-11-25T05:00:00.000Z',
  payable: 4500,
  currency: 'USD',
  createdAt: '2026-11-24T01:00:00.000Z',
  labels: {
    therapistName: 'Sokha',
    storeName: null,
    projectName: 'Khmer massage',
    timeZone: 'Asia/Phnom_Penh',
  },
};

function Tabs() {
  const [tab, setTab] = useState<OrderTab>('all');
  return <OrderList tab={tab} onTabChange={setTab} />;
}

describe('the orders tab', () => {
  it('shows each order with who, what, when in the city’s time, its status and amount; each tab asks the server', async () => {
    const asked: string[] = [];
    answerWith((_method, path, url) => {
      if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
      const tab = url.searchParams.get('tab') ?? '';
      asked.push(tab);
      return envelope({ items: tab === 'all' ? [ORDER] : [], page: 1, pageSize: 20, hasMore: false });
    });
    await renderPage(<Tabs />);
    const card = await screen.findByRole('link', { name: 'Open order SB2611250009' });
    expect(card.getAttribute('href')).toBe('/my/order/pay?ordersId=9');
    const text = card.textContent ?? '';
    for (const part of [
      'Home visit',
      'Sokha',
      'Therapist on the way',
      'Khmer massage · 2 × session',
      '$45.00',
    ])
      expect(text).toContain(part);
    // 03:00 UTC is 10:00 in Phnom Penh.
    expect(within(card).getByText(/10:00/)).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('No cancelled orders.')).toBeTruthy();
    expect(asked).toEqual(['all', 'cancelled']);
  });
});
