// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import type { PaymentAttempt } from '../api/payments-api';
import type { PayableOrder } from '../payable-order';
import { PaySuccessView } from './pay-success-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER: PayableOrder = {
  id: 7,
  orderNumber: 'SB2611250007',
  status: 'waitingAcceptance',
  payable: 2500,
  currency: 'USD',
  startsAt: '2026-11-25T03:00:00.000Z',
  timeZone: 'Asia/Phnom_Penh',
  projectName: 'Khmer massage',
  providerName: 'Sokha',
  lines: [],
};

const attempt = (overrides: Partial<PaymentAttempt>): PaymentAttempt => ({
  id: 31,
  orderId: 7,
  method: 'khqr',
  amount: 2500,
  currency: 'USD',
  status: 'succeeded',
  payload: '',
  providerReference: 'sbx',
  expiresAt: null,
  createdAt: new Date().toISOString(),
  payeeName: null,
  billNumber: null,
  ...overrides,
});

async function show(current: PaymentAttempt | null, order = ORDER) {
  answerWith((_method, path) =>
    path === '/app/orders/7/payments/current' ? envelope(current) : envelope({ base: 'USD', rates: [] }),
  );
  await renderPage(<PaySuccessView order={order} />);
}

describe('the success page', () => {
  it("shows the payment's amount, method and the order number, with the way to the order and home", async () => {
    await show(attempt({}));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByTestId('paid-amount').textContent).toBe('$25.00');
    expect(screen.getByText('KHQR')).toBeTruthy();
    expect(screen.getByText('SB2611250007')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('never claims success for a payment still pending', async () => {
    await show(attempt({ status: 'pending' }), { ...ORDER, status: 'pendingPayment' });
    expect(await screen.findByText('This order has no completed payment yet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
  });

  it('confirms a cash order with what to pay at the service', async () => {
    await show(attempt({ method: 'cash', status: 'pending' }));
    expect(await screen.findByRole('heading', { name: 'Order confirmed' })).toBeTruthy();
    expect(screen.getByText('Pay $25.00 in cash when the service starts.')).toBeTruthy();
  });
});
