// @vitest-environment happy-dom
import type { RefundView } from '@sabai/shared/payments/refunds.schemas';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { RefundPanel } from './refund-panel';

const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RATES = { base: 'USD', rates: [] };
const ZONE = 'Asia/Phnom_Penh';
const refundIn = (overrides: Partial<RefundView>): RefundView => ({
  orderId: 7,
  status: 'processing',
  route: 'original',
  method: 'khqr',
  amount: 2330,
  currency: 'USD',
  expectedBy: '2026-12-01T01:00:00.000Z',
  completedAt: null,
  bankDetails: null,
  ...overrides,
});

describe('the refund on the customer’s order', () => {
  it('shows "refunding" to the original route with the day it is expected by', async () => {
    answerWith((_method, path) =>
      path === '/app/currency/rates' ? envelope(RATES) : envelope(refundIn({})),
    );
    await renderPage(<RefundPanel orderId={7} timeZone={ZONE} />);
    expect(await screen.findByText(/Refunding \$23\.30 to your KHQR/)).toBeTruthy();
    expect(screen.getByText(/Expected by/).textContent).toMatch(/2026|Dec/);
    expect(screen.queryByRole('button', { name: 'Send bank card details' })).toBeNull();
  });

  it('asks for bank card details when the route cannot refund, checks them and sends them', async () => {
    const fetchMock = answerWith((method, path) => {
      if (path === '/app/currency/rates') return envelope(RATES);
      if (method === 'PUT' && path === '/app/orders/7/refund/bank-details') {
        return envelope(
          refundIn({
            status: 'awaitingPayout',
            route: 'bankTransfer',
            method: 'cash',
            expectedBy: null,
            bankDetails: { holderName: 'Dara Sok', bankName: 'ABA', accountNumber: '4111 1111' },
          }),
        );
      }
      return envelope(
        refundIn({ status: 'needsBankDetails', route: 'bankTransfer', method: 'cash', expectedBy: null }),
      );
    });
    await renderPage(<RefundPanel orderId={7} timeZone={ZONE} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('bank card details are needed'),
    );
    await user.type(screen.getByRole('textbox', { name: "Card holder's name" }), 'Dara Sok');
    await user.type(screen.getByRole('textbox', { name: 'Bank' }), 'ABA');
    await user.type(screen.getByRole('textbox', { name: 'Card or account number' }), '41ab');
    await user.click(screen.getByRole('button', { name: 'Send bank card details' }));
    // A number that is not one is refused before anything is sent.
    expect(await screen.findByText('Enter a card or account number of 6 to 34 digits')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    const number = screen.getByRole('textbox', { name: 'Card or account number' });
    await user.clear(number);
    await user.type(number, '4111 1111');
    await user.click(screen.getByRole('button', { name: 'Send bank card details' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      holderName: 'Dara Sok',
      bankName: 'ABA',
      accountNumber: '4111 1111',
    });
    expect(await screen.findByText(/Customer service will transfer \$23\.30/)).toBeTruthy();
  });

  it('dates the refund on the order’s city clock, not in UTC (issue #31)', async () => {
    // 23:30 UTC on 1 December is 06:30 on 2 December in Phnom Penh, the day the order page's other
    // times say; in UTC (or on a phone elsewhere) it would read "Dec 1".
    answerWith((_method, path) =>
      path === '/app/currency/rates'
        ? envelope(RATES)
        : envelope(
            refundIn({ status: 'refunded', expectedBy: null, completedAt: '2026-12-01T23:30:00.000Z' }),
          ),
    );
    await renderPage(<RefundPanel orderId={7} timeZone={ZONE} />);
    const line = await screen.findByText(/\$23\.30 refunded\./);
    expect(line.textContent).toContain('Dec 2, 2026');
    expect(line.textContent).not.toContain('Dec 1');
  });

  it('shows the refund in Thai', async () => {
    answerWith((_method, path) =>
      path === '/app/currency/rates' ? envelope(RATES) : envelope(refundIn({})),
    );
    await renderPage(<RefundPanel orderId={7} timeZone={ZONE} />, { language: 'th' });
    expect(await screen.findByText(/กำลังคืนเงิน/)).toBeTruthy();
  });
});
