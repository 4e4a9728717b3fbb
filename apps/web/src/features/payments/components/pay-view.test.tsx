// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, deferredResponse, envelope, renderPage } from '../../../test/render';
import type { PaymentAttempt, PaymentMethod } from '../api/payments-api';
import type { PayableOrder } from '../payable-order';
import { PayView } from './pay-view';

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
  lines: [
    { key: 'service', label: 'Service', amount: 2000 },
    { key: 'travelFee', label: 'Travel fee', amount: 500 },
  ],
};

const attemptOf = (method: PaymentMethod, overrides: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: 31,
  orderId: 7,
  method,
  amount: 2500,
  currency: 'USD',
  status: method === 'wallet' ? 'succeeded' : 'pending',
  payload: method === 'wallet' ? '' : 'SABAI-SANDBOX|khqr|sbx_khqr_1|SB2611250007|2500|USD|x',
  providerReference: 'sbx_khqr_1',
  expiresAt: method === 'wallet' ? null : new Date(Date.now() + 600_000).toISOString(),
  createdAt: new Date().toISOString(),
  payeeName: null,
  billNumber: null,
  ...overrides,
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

interface Setup {
  methods?: PaymentMethod[];
  balance?: number;
  /** The wallet's answer, when a test holds it back. */
  walletResponse?: Promise<Response>;
  pay?: (method: PaymentMethod, key: string | null) => Response | Promise<Response>;
  order?: PayableOrder;
}

async function show({
  methods = ['wallet', 'khqr', 'card'],
  balance = 10_000,
  pay,
  order = ORDER,
  walletResponse,
}: Setup = {}) {
  const fetchMock = answerWith(async (method, path) => {
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    if (path === '/app/orders/7/payments/methods') return envelope({ methods, attemptExpiryMinutes: 10 });
    if (path === '/app/wallet')
      return walletResponse ?? envelope({ balances: [{ currency: 'USD', amount: balance }] });
    if (path === '/app/orders/7/payments/current') return envelope(null);
    if (method === 'POST' && path === '/app/orders/7/payments' && pay) {
      const call = fetchMock.mock.calls.at(-1);
      const init = call?.[1] as RequestInit;
      const headers = init.headers as Record<string, string>;
      const body = JSON.parse(String(init.body)) as { method: PaymentMethod };
      return pay(body.method, headers['idempotency-key'] ?? null);
    }
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
  const onOrderChanged = vi.fn(async () => {});
  await renderPage(
    <Routes>
      <Route path="/index/pay" element={<PayView order={order} onOrderChanged={onOrderChanged} />} />
      <Route path="*" element={<Location />} />
    </Routes>,
    { route: '/index/pay?ordersId=7' },
  );
  if (order.payable === 0) await screen.findByText('Nothing to pay');
  else await screen.findByRole('group', { name: 'Choose a payment method' });
  return { fetchMock, onOrderChanged };
}

const radio = (name: string) =>
  screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const radioNames = () =>
  screen
    .getAllByRole('radio')
    .map((input) => input.closest('label')?.querySelector('.pay-method__name')?.textContent);

describe('the pay page', () => {
  it('asks only for a confirmation when a coupon covers the whole price, and moves no money', async () => {
    const paid: PaymentMethod[] = [];
    await show({
      balance: 0,
      order: {
        ...ORDER,
        payable: 0,
        lines: [...ORDER.lines, { key: 'coupon', label: 'Coupon', amount: -2500 }],
      },
      pay: (method) => {
        paid.push(method);
        return envelope(attemptOf(method, { amount: 0 }));
      },
    });
    expect(screen.getByTestId('pay-amount').textContent).toBe('$0.00');
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(paid).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/index/paySuccess?ordersId=7');
    expect(paid).toEqual(['wallet']);
  });

  it("shows the server's payable and exactly the methods the server offers for the order", async () => {
    await show({ methods: ['wallet', 'khqr', 'card'] });
    expect(screen.getByTestId('pay-amount').textContent).toBe('$25.00');
    expect(radioNames()).toEqual(['Wallet', 'KHQR', 'Bank card']);
    expect(screen.queryByText(/PromptPay|VietQR|Cash on service/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $25.00' })).toBeTruthy();
  });

  it('offers PromptPay and cash when the server does (a baht city that allows cash)', async () => {
    await show({ methods: ['wallet', 'promptpay', 'card', 'cash'] });
    expect(radioNames()).toEqual(['Wallet', 'PromptPay', 'Bank card', 'Cash on service']);
  });

  it('disables a wallet short of the payable, says why, and preselects the next method', async () => {
    await show({ balance: 1000 });
    expect(radio('Wallet').disabled).toBe(true);
    expect(screen.getByText(/Balance \$10\.00 · Balance insufficient/)).toBeTruthy();
    expect(radio('KHQR').checked).toBe(true);
  });

  it('preselects nothing while the balance loads, and keeps the method the user chose when it arrives', async () => {
    const wallet = deferredResponse();
    const paidWith: PaymentMethod[] = [];
    await show({
      walletResponse: wallet.response,
      pay: (method) => {
        paidWith.push(method);
        return envelope(attemptOf(method));
      },
    });
    expect(screen.getAllByRole('radio').filter((input) => (input as HTMLInputElement).checked)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pay $25.00' }).hasAttribute('disabled')).toBe(true);

    await user.click(radio('KHQR'));
    // The balance covers the payable: the wallet would be the default, but the user chose KHQR.
    wallet.answer(envelope({ balances: [{ currency: 'USD', amount: 10_000 }] }));
    await waitFor(() => expect(radio('Wallet').disabled).toBe(false));
    expect(radio('KHQR').checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(paidWith).toEqual(['khqr']));
  });

  it('pays from the wallet and goes to the success page', async () => {
    const keys: (string | null)[] = [];
    const { onOrderChanged } = await show({
      pay: (method, key) => {
        keys.push(key);
        return envelope(attemptOf(method));
      },
    });
    expect(radio('Wallet').checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/index/paySuccess?ordersId=7');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^\w{16,}$/);
    expect(onOrderChanged).toHaveBeenCalled();
  });

  it('keeps one key across retries of the same method and takes a new one for another method', async () => {
    const keys: { method: PaymentMethod; key: string | null }[] = [];
    let isNetworkDown = true;
    await show({
      pay: (method, key) => {
        keys.push({ method, key });
        if (isNetworkDown) throw new TypeError('Failed to fetch');
        return envelope(attemptOf(method));
      },
    });
    await user.click(screen.getByRole('radio', { name: /^KHQR/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]?.key).toBe(keys[0]?.key);

    await user.click(screen.getByRole('radio', { name: /^Bank card/ }));
    isNetworkDown = false;
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/index/hwQrCode?ordersId=7');
    expect(keys[2]?.method).toBe('card');
    expect(keys[2]?.key).not.toBe(keys[0]?.key);
  });

  it("shows the server's refusal and starts a new intent after it", async () => {
    const keys: (string | null)[] = [];
    await show({
      pay: (_method, key) => {
        keys.push(key);
        return envelope(null, { code: 4001, msg: 'Balance insufficient' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Balance insufficient');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('says when the order no longer waits for payment', async () => {
    answerWith((_method, path) =>
      path === '/app/orders/7/payments/methods'
        ? envelope({ methods: ['wallet'], attemptExpiryMinutes: 10 })
        : envelope(null),
    );
    await renderPage(<PayView order={{ ...ORDER, status: 'expired' }} onOrderChanged={async () => {}} />);
    expect(await screen.findByText('This order is no longer waiting for payment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('speaks Thai', async () => {
    answerWith((_method, path) => {
      if (path === '/app/orders/7/payments/methods')
        return envelope({ methods: ['wallet', 'khqr'], attemptExpiryMinutes: 10 });
      if (path === '/app/wallet') return envelope({ balances: [] });
      return envelope(null);
    });
    await renderPage(<PayView order={ORDER} onOrderChanged={async () => {}} />, { language: 'th' });
    expect(await screen.findByRole('group', { name: 'เลือกวิธีชำระเงิน' })).toBeTruthy();
    expect(screen.getByText(/ยอดเงินคงเหลือไม่เพียงพอ/)).toBeTruthy();
  });
});
