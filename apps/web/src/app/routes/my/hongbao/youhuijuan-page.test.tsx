// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/coupons.json';
import th from '../../../../locales/th/coupons.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import CouponsPage from './youhuijuan-page';

/** My coupons through the page's real parts; only the server's answers are the test's. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const coupon = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'amount',
  amount: 500,
  percentBasisPoints: 0,
  capAmount: 0,
  currency: 'USD',
  minimumAmount: 2000,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2026-12-31T00:00:00.000Z',
  status: 'unused',
  orderId: null,
  usedAt: null,
  ...overrides,
});
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20, hasMore: false });

function serve(initial: Record<string, unknown[]>) {
  const lists = { unused: [], used: [], expired: [], ...initial } as Record<string, unknown[]>;
  const fetchMock = answerWith((method, path, url) => {
    if (method === 'POST' && path === '/app/coupons/redeem') {
      const added = coupon(99, { kind: 'percent', amount: 0, percentBasisPoints: 1000, capAmount: 300 });
      lists.unused = [...(lists.unused ?? []), added];
      return envelope(added);
    }
    if (path === '/app/coupons')
      return envelope(page(lists[url.searchParams.get('status') ?? 'unused'] ?? []));
    return envelope(null);
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
  return fetchMock;
}

describe('my coupons', () => {
  it('shows unused coupons with their terms, and each tab asks the server for its status', async () => {
    const fetchMock = serve({
      unused: [coupon(1)],
      used: [coupon(2, { status: 'used', usedAt: '2026-11-20T00:00:00Z', orderId: 5 })],
    });
    await renderPage(<CouponsPage />);
    const card = await screen.findByRole('article', { name: '$5.00 off' });
    expect(within(card).getByText('Orders from $20.00')).toBeTruthy();
    expect(within(card).getByText(/Valid until/)).toBeTruthy();
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.click(screen.getByRole('tab', { name: en.tabs.used }));
    expect(await screen.findByText(/Used on/)).toBeTruthy();
    await typist.click(screen.getByRole('tab', { name: en.tabs.expired }));
    expect(await screen.findByText(en.empty.expired)).toBeTruthy();
    const statuses = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/app/coupons')
      .map((url) => url.searchParams.get('status'));
    expect(statuses).toEqual(['unused', 'used', 'expired']);
  });

  it('redeems a typed code once per code, with its key, and lists the new coupon', async () => {
    const fetchMock = serve({});
    await renderPage(<CouponsPage />);
    expect(await screen.findByText(en.empty.unused)).toBeTruthy();
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    const button = screen.getByRole('button', { name: en.redeem.action });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await typist.type(screen.getByRole('textbox', { name: en.redeem.label }), 'ABCD-EFGH-JKLM-NPQR');
    await typist.click(button);
    expect(await screen.findByRole('article', { name: '10% off' })).toBeTruthy();
    expect(screen.getByText('Up to $3.00')).toBeTruthy();
    const redeem = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/redeem') && init?.method === 'POST',
    );
    expect(JSON.parse(String(redeem?.[1]?.body))).toEqual({ code: 'ABCD-EFGH-JKLM-NPQR' });
    expect(new Headers(redeem?.[1]?.headers).get('idempotency-key')).toBeTruthy();
  });

  it('says in Thai that a guest must log in, and asks the server nothing', async () => {
    const fetchMock = answerWith(() => envelope(null));
    await renderPage(<CouponsPage />, { language: 'th' });
    await i18n.loadNamespaces('coupons');
    await waitFor(() => expect(screen.getByText(th.loginDescription)).toBeTruthy());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/app/coupons'))).toEqual([]);
  });
});
