// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { CashReceived } from './cash-received';

const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cash received on the provider’s order', () => {
  it('asks for confirmation, then records the cash once with an idempotency key', async () => {
    let receivedAt: string | null = null;
    const fetchMock = answerWith((method, path) => {
      if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
      if (method === 'POST' && path === '/app/orders/7/cash-received') {
        receivedAt = '2026-11-25T04:00:00.000Z';
        return envelope({ orderId: 7, amount: 2530, currency: 'USD', receivedAt });
      }
      return envelope({ orderId: 7, amount: 2530, currency: 'USD', receivedAt });
    });
    await renderPage(<CashReceived orderId={7} status="inService" />);
    expect(await screen.findByText('Collect $25.30 in cash from the customer')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cash received' }));
    // Nothing is sent before the provider confirms.
    expect(await screen.findByText(/Did the customer pay you \$25\.30 in cash/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, received' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Cash received: $25.30'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('idempotency-key')).toMatch(/^\w{24}$/);
  });

  it('shows nothing for an order not paid in cash', async () => {
    const fetchMock = answerWith((_method, path) =>
      path === '/app/currency/rates' ? envelope({ base: 'USD', rates: [] }) : envelope(null),
    );
    const { container } = await renderPage(<CashReceived orderId={7} status="inService" />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/app/orders/7/cash'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Cash received' })).toBeNull();
  });
});
