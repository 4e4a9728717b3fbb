// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { ExtrasDue } from './extras-due';

const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExtrasDue', () => {
  it('offers the due amount and pays it from the wallet after the confirmation, with an idempotency key', async () => {
    let due = 2_200;
    const fetchMock = answerWith((method, path) => {
      if (method === 'GET' && path === '/app/orders/7/extras')
        return envelope({ currency: 'USD', charged: 2_200, paid: 2_200 - due, due });
      if (method === 'POST' && path === '/app/orders/7/extras/payments') {
        due = 0;
        return envelope({
          id: 5,
          purpose: 'orderExtra',
          subjectId: 7,
          orderId: 7,
          method: 'wallet',
          amount: 2_200,
          currency: 'USD',
          status: 'succeeded',
          payload: '',
          expiresAt: null,
          createdAt: '2026-11-25T05:00:00.000Z',
        });
      }
      return envelope(null, { code: 404, msg: 'not found' });
    });
    await renderPage(<ExtrasDue orderId={7} />);
    expect(
      await screen.findByText('Your extra time or new treatment adds $22.00 to this order.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $22.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the difference' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $22.00' }));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ method: 'wallet' });
    expect(new Headers(sent?.[1]?.headers).get('idempotency-key')).toBeTruthy();
    // Once paid nothing is due: the section goes away.
    await waitFor(() => expect(screen.queryByText(/adds \$22\.00/)).toBeNull());
  });

  it("shows the server's refusal (a short wallet) in the sheet", async () => {
    answerWith((method) =>
      method === 'POST'
        ? envelope(null, { code: 4001, msg: 'Your wallet balance is not enough.' })
        : envelope({ currency: 'USD', charged: 1_100, paid: 0, due: 1_100 }),
    );
    await renderPage(<ExtrasDue orderId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $11.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the difference' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $11.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your wallet balance is not enough.');
  });

  it('shows nothing when nothing is due', async () => {
    answerWith(() => envelope({ currency: 'USD', charged: 0, paid: 0, due: 0 }));
    const { container } = await renderPage(<ExtrasDue orderId={7} />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
