// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { OrderTipsView, PurposeAttemptView } from '../api/extras-api';
import { OrderTips } from './order-tips';

// antd-mobile's sheets fade in: their buttons are clickable in a browser before the animation ends.
const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tipsView = (overrides: Partial<OrderTipsView> = {}): OrderTipsView => ({
  tips: [],
  paidTotal: 0,
  currency: 'USD',
  presets: [100, 200, 500],
  maxAmount: 10_000,
  canTip: true,
  ...overrides,
});

const attempt = (overrides: Partial<PurposeAttemptView> = {}): PurposeAttemptView => ({
  id: 41,
  purpose: 'tip',
  subjectId: 9,
  orderId: 7,
  method: 'wallet',
  amount: 200,
  currency: 'USD',
  status: 'succeeded',
  payload: '',
  expiresAt: null,
  createdAt: '2026-11-25T05:00:00.000Z',
  ...overrides,
});

const paidTip = {
  id: 9,
  orderId: 7,
  amount: 200,
  currency: 'USD',
  status: 'paid' as const,
  createdAt: '2026-11-25T05:00:00.000Z',
  paidAt: '2026-11-25T05:00:00.000Z',
};

describe('OrderTips', () => {
  it('tips a preset from the wallet after a confirmation, with an idempotency key, and shows it', async () => {
    let view = tipsView();
    const fetchMock = answerWith((method, path) => {
      if (method === 'GET' && path === '/app/orders/7/tips') return envelope(view);
      if (method === 'POST' && path === '/app/orders/7/tips') {
        view = tipsView({ tips: [paidTip], paidTotal: 200 });
        return envelope({ tip: paidTip, attempt: attempt() });
      }
      return envelope(null, { code: 404, msg: 'not found' });
    });
    await renderPage(<OrderTips orderId={7} side="customer" />);
    await user.click(await screen.findByRole('button', { name: 'Leave a tip' }));
    const dialog = await screen.findByRole('dialog');
    // $2 is chosen by default; the wallet is the first method.
    await user.click(within(dialog).getByText('$5.00'));
    await user.click(within(dialog).getByText('$2.00'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Tip $2.00, paid with Wallet?')).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Tip $2.00' }));
    expect(await within(dialog).findByText('Thank you! Your tip was sent.')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ amount: 200, method: 'wallet' });
    expect(new Headers(sent?.[1]?.headers).get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Total $2.00')).toBeTruthy());
  });

  it('refuses a custom amount with a fraction of a cent or above the maximum before sending', async () => {
    answerWith(() => envelope(tipsView()));
    await renderPage(<OrderTips orderId={7} side="customer" />);
    await user.click(await screen.findByRole('button', { name: 'Leave a tip' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Other'));
    const input = within(dialog).getByLabelText('Your amount (USD)');
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    for (const typed of ['1.234', '0', '-2', '100.01']) {
      await user.clear(input);
      await user.type(input, typed);
      expect(within(dialog).getByRole('alert').textContent).toContain('at most $100.00');
      expect(next.hasAttribute('disabled')).toBe(true);
    }
    await user.clear(input);
    await user.type(input, '3.50');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(next.hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's refusal in the sheet", async () => {
    answerWith((method) =>
      method === 'POST'
        ? envelope(null, { code: 4001, msg: 'Your wallet balance is not enough.' })
        : envelope(tipsView()),
    );
    await renderPage(<OrderTips orderId={7} side="customer" />);
    await user.click(await screen.findByRole('button', { name: 'Leave a tip' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tip $2.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your wallet balance is not enough.');
  });

  it('a QR tip shows the code and waits for the provider', async () => {
    answerWith((method, path) => {
      if (method === 'POST')
        return envelope({
          tip: { ...paidTip, status: 'pending', paidAt: null },
          attempt: attempt({ method: 'khqr', status: 'pending', payload: 'SANDBOX|khqr|2.00|USD' }),
        });
      if (path === '/app/payments/attempts/41')
        return envelope(attempt({ method: 'khqr', status: 'pending', payload: 'SANDBOX|khqr|2.00|USD' }));
      return envelope(tipsView());
    });
    await renderPage(<OrderTips orderId={7} side="customer" />);
    await user.click(await screen.findByRole('button', { name: 'Leave a tip' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('KHQR'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tip $2.00' }));
    expect(await within(dialog).findByText('Scan to pay')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Waiting for your payment…');
    expect(await within(dialog).findByAltText('Payment QR code for $2.00')).toBeTruthy();
  });

  it('the provider sees what they received and cannot tip', async () => {
    answerWith(() => envelope(tipsView({ tips: [paidTip], paidTotal: 200, canTip: false, presets: [] })));
    await renderPage(<OrderTips orderId={7} side="provider" />, { language: 'th' });
    expect(await screen.findByText('ทิปที่ได้รับ')).toBeTruthy();
    expect(screen.getByText(/รวม/).textContent).toContain('2.00');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing for an order without tips that cannot be tipped', async () => {
    answerWith(() => envelope(tipsView({ canTip: false })));
    const { container } = await renderPage(<OrderTips orderId={7} side="customer" />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
