// @vitest-environment happy-dom
import type { Language } from '@sabai/shared/i18n';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { PaymentAttempt } from '../api/payments-api';
import type { PayableOrder } from '../payable-order';
import { AttemptView } from './attempt-view';

const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER: PayableOrder = {
  id: 7,
  orderNumber: 'SB2611250007',
  status: 'pendingPayment',
  payable: 2500,
  currency: 'USD',
  startsAt: '2026-11-25T03:00:00.000Z',
  timeZone: 'Asia/Phnom_Penh',
  projectName: 'Khmer massage',
  providerName: 'Sokha',
  lines: [],
};

const PAYLOAD = '00020101021229180014sandbox@sabai5204729953038405405125.005802KH6304ABCD';

const qrAttempt = (overrides: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: 31,
  orderId: 7,
  method: 'khqr',
  amount: 2500,
  currency: 'USD',
  status: 'pending',
  payload: PAYLOAD,
  providerReference: 'sbx_khqr_1',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  createdAt: new Date().toISOString(),
  payeeName: null,
  billNumber: null,
  ...overrides,
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** `current` is read on every poll: a test changes what the server says by reassigning it. */
async function show(
  server: {
    current: PaymentAttempt | null;
    onPost?: (method: string) => PaymentAttempt;
    onSimulate?: () => void;
  },
  {
    order = ORDER,
    isDevTool = false,
    language = 'en',
  }: { order?: PayableOrder; isDevTool?: boolean; language?: Language } = {},
) {
  const fetchMock = answerWith((method, path) => {
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    if (path === '/app/orders/7/payments/current') return envelope(server.current);
    if (method === 'POST' && path === '/app/orders/7/payments' && server.onPost) {
      const init = fetchMock.mock.calls.at(-1)?.[1] as RequestInit;
      const next = server.onPost((JSON.parse(String(init.body)) as { method: string }).method);
      server.current = next;
      return envelope(next);
    }
    if (method === 'POST' && path === '/app/dev/payments/attempts/31/simulate-paid') {
      server.onSimulate?.();
      return envelope({ outcome: 'applied' });
    }
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
  const onOrderChanged = vi.fn(async () => {});
  await renderPage(
    <Routes>
      <Route
        path="/index/hwQrCode"
        element={<AttemptView order={order} onOrderChanged={onOrderChanged} isDevTool={isDevTool} />}
      />
      <Route path="*" element={<Location />} />
    </Routes>,
    { route: '/index/hwQrCode?ordersId=7', language },
  );
  return { fetchMock, onOrderChanged };
}

describe('the QR page', () => {
  it('shows the code of the payload, the amount, payee, bill number and a live countdown', async () => {
    const expiresAt = Date.now() + 65_000;
    await show({ current: qrAttempt({ expiresAt: new Date(expiresAt).toISOString() }) });
    const code = await screen.findByTestId('payment-qr');
    expect(code.getAttribute('data-payload')).toBe(PAYLOAD);
    const image = await screen.findByRole('img', { name: 'KHQR payment code for $25.00' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('qr-amount').textContent).toBe('$25.00');
    // Before the real payloads, payee and bill number fall back to the brand and the reference.
    expect(screen.getByText('sbx_khqr_1')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toMatch(/^Expires in [01]:\d{2}$/);
    const shownSeconds = () => {
      const [, minutes, seconds] = /(\d+):(\d{2})$/.exec(timer.textContent ?? '') ?? [];
      return Number(minutes) * 60 + Number(seconds);
    };
    // The time left as the clock says now: a loaded machine may take seconds to draw the page, so
    // the count is checked against the clock, not against a figure fixed before the page was drawn.
    const first = shownSeconds();
    expect(Math.abs(first - (expiresAt - Date.now()) / 1000)).toBeLessThanOrEqual(1.5);
    // And it counts down.
    await waitFor(() => expect(shownSeconds()).toBeLessThan(first), { timeout: 2500 });
    // Production builds never show the sandbox's button.
    expect(screen.queryByRole('button', { name: /Simulate paid/ })).toBeNull();
  });

  it("shows the attempt's payee and bill number when the server sends them", async () => {
    await show({ current: qrAttempt({ payeeName: 'Sabai Co., Ltd.', billNumber: 'B-2026-0007' }) });
    expect(await screen.findByText('Sabai Co., Ltd.')).toBeTruthy();
    expect(screen.getByText('B-2026-0007')).toBeTruthy();
  });

  it('turns expired when the countdown ends, and a new code can be had while the order is payable', async () => {
    const server = {
      // Long enough for a loaded machine to draw the code before it expires.
      current: qrAttempt({ expiresAt: new Date(Date.now() + 3000).toISOString() }) as PaymentAttempt | null,
      onPost: (method: string) => qrAttempt({ id: 32, method: method as 'khqr', payload: `${PAYLOAD}-new` }),
    };
    await show(server);
    await screen.findByTestId('payment-qr');
    expect(await screen.findByText('This QR code has expired', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get a new QR code' }));
    const code = await screen.findByTestId('payment-qr');
    expect(code.getAttribute('data-payload')).toBe(`${PAYLOAD}-new`);
  });

  it('offers no new code once the order itself expired', async () => {
    await show({ current: qrAttempt({ status: 'expired' }) }, { order: { ...ORDER, status: 'expired' } });
    expect(await screen.findByText('Order expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get a new QR code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View order' })).toBeTruthy();
  });

  it('confirms after "I have paid", then opens the success page once the server says paid', async () => {
    const server = { current: qrAttempt() as PaymentAttempt | null };
    const { onOrderChanged } = await show(server);
    await user.click(await screen.findByRole('button', { name: 'I have paid' }));
    expect(screen.getByText('The payment result is being confirmed (about 20 seconds)')).toBeTruthy();
    server.current = qrAttempt({ status: 'succeeded' });
    expect((await screen.findByTestId('location', {}, { timeout: 4000 })).textContent).toBe(
      '/index/paySuccess?ordersId=7',
    );
    expect(onOrderChanged).toHaveBeenCalled();
  });

  it('says the payment failed, with a retry and another method', async () => {
    const server = {
      current: qrAttempt() as PaymentAttempt | null,
      onPost: () => qrAttempt({ id: 33, payload: `${PAYLOAD}-retry` }),
    };
    await show(server);
    await user.click(await screen.findByRole('button', { name: 'I have paid' }));
    server.current = qrAttempt({ status: 'failed' });
    expect(await screen.findByText('Payment failed', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another method' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('payment-qr')).getAttribute('data-payload')).toBe(`${PAYLOAD}-retry`);
  });

  it("says the payment info is incorrect when the code no longer matches the order's payable", async () => {
    await show({ current: qrAttempt({ amount: 2000 }) });
    expect(await screen.findByText('Payment info incorrect')).toBeTruthy();
    expect(screen.queryByTestId('payment-qr')).toBeNull();
  });

  it('in development, simulates the payment through the sandbox and confirms', async () => {
    const server = { current: qrAttempt() as PaymentAttempt | null, onSimulate: vi.fn() };
    server.onSimulate.mockImplementation(() => {
      server.current = qrAttempt({ status: 'succeeded' });
    });
    await show(server, { isDevTool: true });
    await user.click(await screen.findByRole('button', { name: 'Simulate paid (development only)' }));
    expect((await screen.findByTestId('location', {}, { timeout: 4000 })).textContent).toBe(
      '/index/paySuccess?ordersId=7',
    );
    expect(server.onSimulate).toHaveBeenCalledOnce();
  });

  it('shows a card payment without a QR code, waiting for the provider', async () => {
    await show({ current: qrAttempt({ method: 'card', payload: 'sbx_card_checkout_1' }) });
    const reference = await screen.findByTestId('payment-reference');
    expect(reference.getAttribute('data-payload')).toBe('sbx_card_checkout_1');
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    expect(screen.getByText('Bank card')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('speaks Thai', async () => {
    await show({ current: qrAttempt() }, { language: 'th' });
    expect(await screen.findByRole('button', { name: 'ฉันชำระเงินแล้ว' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^หมดอายุใน \d+:\d\d$/);
  });
});
