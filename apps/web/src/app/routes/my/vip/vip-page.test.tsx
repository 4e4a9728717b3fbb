// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/vip.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import VipPage from './vip-page';

/** The annual card page: hidden while config 3099 is off; buying only after the confirmation. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const offer = (overrides: Record<string, unknown> = {}) => ({
  isOpen: true,
  price: 2900,
  currency: 'USD',
  days: 365,
  isMember: false,
  endsAt: null,
  nextEndsAt: '2027-11-24T01:00:00.000Z',
  ...overrides,
});

const railAttempt = {
  id: 91,
  purpose: 'vip',
  subjectId: 4,
  orderId: null,
  method: 'khqr',
  amount: 2900,
  currency: 'USD',
  payload: '00020101021229180014kh.gov.nbc.bakong5204599953038405405290005802KH6304ABCD',
  expiresAt: '2026-11-24T02:00:00.000Z',
  createdAt: '2026-11-24T01:45:00.000Z',
};

function serve(isOpen: boolean) {
  let current = offer();
  const fetchMock = answerWith((method, path) => {
    if (path === '/app/common/type/3099')
      return envelope({ type: 3099, value: JSON.stringify({ isOpen, link: '/my/vip' }), updatedAt: '' });
    if (path === '/app/vip') return envelope(current);
    if (method === 'POST' && path === '/app/vip/purchases') {
      current = offer({
        isMember: true,
        endsAt: '2027-11-24T01:00:00.000Z',
        nextEndsAt: '2028-11-23T01:00:00.000Z',
      });
      return envelope({ purchaseId: 1, price: 2900, currency: 'USD', endsAt: '2027-11-24T01:00:00.000Z' });
    }
    if (method === 'POST' && path === '/app/vip/payments')
      return envelope({ requestId: 4, attempt: { ...railAttempt, status: 'pending' } });
    if (path === '/app/payments/attempts/91') {
      current = offer({ isMember: true, endsAt: '2027-11-24T01:00:00.000Z' });
      return envelope({ ...railAttempt, status: 'succeeded' });
    }
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null);
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
  writeStored(STORAGE_KEYS.cityId, '3');
  const purchases = () =>
    fetchMock.mock.calls.filter(
      ([url, init]) => String(url).includes('/app/vip/purchases') && init?.method === 'POST',
    );
  return { fetchMock, purchases };
}

describe('the VIP page', () => {
  it('offers nothing and asks no price while the switch is off', async () => {
    const { fetchMock } = serve(false);
    await renderPage(<VipPage />);
    expect(await screen.findByText(en.closed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.buy })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => new URL(String(url), 'http://x').pathname === '/app/vip'),
    ).toBe(false);
  });

  it('shows the benefits and the price, buys only once confirmed, then offers renewal with the new end', async () => {
    const { fetchMock, purchases } = serve(true);
    await renderPage(<VipPage />);
    expect(await screen.findByText('$29.00 a year')).toBeTruthy();
    expect(screen.getByText(en.notMember)).toBeTruthy();
    expect(screen.getByText(en.benefits.memberPrice)).toBeTruthy();
    const vipRead = fetchMock.mock.calls.find(
      ([url]) => new URL(String(url), 'http://x').pathname === '/app/vip',
    );
    expect(new URL(String(vipRead?.[0]), 'http://x').searchParams.get('cityId')).toBe('3');

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: en.buy }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Pay \$29\.00 from your wallet\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(purchases()).toEqual([]);

    await user.click(screen.getByRole('button', { name: en.buy }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.confirm }));
    await waitFor(() => expect(purchases()).toHaveLength(1));
    const [, init] = purchases()[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ cityId: 3 });
    expect(new Headers(init.headers).get('idempotency-key')).toBeTruthy();
    expect(await screen.findByRole('button', { name: en.renew })).toBeTruthy();
    expect(screen.getByText(/VIP until/)).toBeTruthy();
  });

  it('pays through KHQR after the confirmation: the QR and its status until the provider confirms', async () => {
    const { fetchMock, purchases } = serve(true);
    await renderPage(<VipPage />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByText('KHQR'));
    await user.click(screen.getByRole('button', { name: 'Buy with KHQR' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Pay \$29\.00 by KHQR\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.confirm }));
    const started = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).includes('/app/vip/payments') && init?.method === 'POST',
      );
    await waitFor(() => expect(started()).toHaveLength(1));
    const [, init] = started()[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ cityId: 3, method: 'khqr' });
    expect(new Headers(init.headers).get('idempotency-key')).toBeTruthy();
    expect(purchases()).toEqual([]);
    expect(await screen.findByText('Scan to pay')).toBeTruthy();
    // The attempt is polled; once it is paid the page shows the membership.
    expect(await screen.findByText('Paid', {}, { timeout: 8000 })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: en.finish }));
    expect(await screen.findByText(/VIP until/)).toBeTruthy();
  }, 15_000);
});
