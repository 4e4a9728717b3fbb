// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { PurposeAttemptView, TopUpOptions } from '../api/extras-api';
import { TopUpView } from './top-up-view';

const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OPTIONS: TopUpOptions = {
  currency: 'USD',
  presets: [1_000, 2_000, 5_000, 10_000],
  minAmount: 500,
  maxAmount: 50_000,
  methods: ['khqr', 'card'],
};
const attempt = (status: PurposeAttemptView['status']): PurposeAttemptView => ({
  id: 88,
  purpose: 'topUp',
  subjectId: 3,
  orderId: null,
  method: 'khqr',
  amount: 2_000,
  currency: 'USD',
  status,
  payload: 'SANDBOX|khqr|20.00|USD',
  expiresAt: '2026-11-25T05:10:00.000Z',
  createdAt: '2026-11-25T05:00:00.000Z',
});

describe('TopUpView', () => {
  it('keeps the button off below the minimum, then starts a QR top-up and says when the wallet is credited', async () => {
    let polls = 0;
    const fetchMock = answerWith((method, path) => {
      if (path === '/app/wallet/top-ups/options') return envelope(OPTIONS);
      if (path === '/app/wallet')
        return envelope({
          balances: polls > 1 ? [{ currency: 'USD', amount: 2_500 }] : [{ currency: 'USD', amount: 500 }],
        });
      if (method === 'POST' && path === '/app/wallet/top-ups')
        return envelope({
          topUp: {
            id: 3,
            amount: 2_000,
            currency: 'USD',
            method: 'khqr',
            status: 'pending',
            createdAt: '',
            paidAt: null,
          },
          attempt: attempt('pending'),
        });
      if (path === '/app/payments/attempts/88') {
        polls += 1;
        return envelope(attempt(polls > 1 ? 'succeeded' : 'pending'));
      }
      return envelope(null, { code: 404, msg: 'not found' });
    });
    await renderPage(<TopUpView initialCurrency="USD" />);
    expect(await screen.findByText('Wallet balance: $5.00')).toBeTruthy();
    await user.click(await screen.findByText('Other'));
    const input = screen.getByLabelText('Your amount (USD)');
    await user.type(input, '4.99');
    expect(screen.getByText('From $5.00 to $500.00').className).toBe('extras-sheet__error');
    expect(screen.getByRole('button', { name: 'Top up' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByText('$20.00'));
    await user.click(screen.getByRole('button', { name: 'Top up $20.00' }));
    expect(await screen.findByText('Scan to pay')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ amount: 2_000, currency: 'USD', method: 'khqr' });
    expect(new Headers(sent?.[1]?.headers).get('idempotency-key')).toBeTruthy();
    // The page asks again every few seconds until the provider's answer is in.
    expect(await screen.findByText('$20.00 was added to your wallet.', {}, { timeout: 8_000 })).toBeTruthy();
    // The wallet is read again once credited.
    expect(await screen.findByText('Wallet balance: $25.00')).toBeTruthy();
  }, 15_000);

  it('shows an error with a retry when the options cannot be loaded, and retries', async () => {
    const fetchMock = answerWith(() => envelope(null, { code: 500, msg: 'Server error' }));
    await renderPage(<TopUpView initialCurrency="USD" />);
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    const before = fetchMock.mock.calls.length;
    await user.click(retry);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
    expect(screen.queryByRole('button', { name: /^Top up/ })).toBeNull();
  });
});
