// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/wallet.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import WalletEntryPage from './wallet-entry-page';
import WalletPage from './wallet-page';

/** The wallet: balance, typed history with a type filter sent to the server, and each row's detail. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (entryId: number, type: string, amount: number, orderId: number | null = null) => ({
  entryId,
  kind: type === 'payment' ? 'orderPayment' : 'topUp',
  type,
  orderId,
  currency: 'USD',
  amount,
  at: '2026-11-24T03:00:00.000Z',
});

function server() {
  const historyQueries: string[] = [];
  answerWith((_method, path, url) => {
    if (path === '/app/wallet') return envelope({ balances: [{ currency: 'USD', amount: 12_345 }] });
    if (path === '/app/wallet/history') {
      historyQueries.push(url.searchParams.get('type') ?? 'all');
      const rows =
        url.searchParams.get('type') === 'topUp'
          ? [row(3, 'topUp', 5000)]
          : url.searchParams.get('type') === 'refund'
            ? []
            : [row(4, 'payment', -2500, 61), row(3, 'topUp', 5000)];
      return envelope({ items: rows, page: 1, hasMore: false });
    }
    if (path === '/app/wallet/history/4')
      return envelope({ ...row(4, 'payment', -2500, 61), memo: '', reversesEntryId: null, postings: [] });
    return envelope({ rates: [] });
  });
  return historyQueries;
}

const logIn = () => {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
};

describe('my wallet', () => {
  it('shows the balance, the typed history and a top-up link', async () => {
    logIn();
    server();
    await renderPage(<WalletPage />);
    expect(await screen.findByText('$123.45')).toBeTruthy();
    const payment = await screen.findByRole('link', { name: /Payment, −\$25\.00/ });
    expect(payment.getAttribute('href')).toBe('/my/wallet/mymoneydetail?id=4');
    expect(screen.getByRole('link', { name: /Top-up, \+\$50\.00/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.topUp }).getAttribute('href')).toBe('/my/wallet/top-up');
  });

  it('asks the server for one type when filtered, and says when there is none', async () => {
    logIn();
    const queries = server();
    await renderPage(<WalletPage />);
    await screen.findByRole('link', { name: /Payment/ });
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.click(screen.getByText(en.types.topUp));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Payment/ })).toBeNull());
    expect(queries).toContain('topUp');
    await typist.click(screen.getByText(en.types.refund));
    expect(await screen.findByText(en.emptyFiltered)).toBeTruthy();
    expect(queries).toContain('refund');
  });

  it('asks a guest to log in and reads nothing', async () => {
    const fetchMock = answerWith(() => envelope(null));
    await renderPage(<WalletPage />);
    expect(await screen.findByText(en.loginDescription)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/wallet'))).toEqual(
      [],
    );
  });

  it("opens a movement's detail with its order", async () => {
    logIn();
    server();
    await renderPage(
      <Routes>
        <Route path="/my/wallet/mymoneydetail" element={<WalletEntryPage />} />
      </Routes>,
      { route: '/my/wallet/mymoneydetail?id=4' },
    );
    expect(await screen.findByText('−$25.00')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: en.detail.openOrder.replace('{{id}}', '61') }).getAttribute('href'),
    ).toBe('/my/order/pay?ordersId=61');
  });
});
