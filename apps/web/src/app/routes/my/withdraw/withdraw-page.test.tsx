// @vitest-environment happy-dom
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/withdraw.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import AddAccountPage from './add-account-page';
import WithdrawPage from './withdraw-page';

/** Withdrawing: the form refuses what the server would, asks before sending, and sends once with a key. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = {
  id: 9,
  method: 'bank',
  accountType: 'savings',
  payeeName: 'Sokha Chan',
  accountNumber: '001234567',
  accountNumberLast4: '4567',
  bankName: 'ABA Bank',
  cardImageUrl: null,
  createdAt: '2026-11-24T01:00:00.000Z',
};

function server({ isProvider = true } = {}) {
  const sent: { path: string; body: unknown; key: string | null }[] = [];
  const fetchMock = answerWith(async (method, path) => {
    const init = fetchMock.mock.calls.at(-1)?.[1];
    if (method !== 'GET') {
      const headers = new Headers(init?.headers);
      sent.push({
        path,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        key: headers.get('idempotency-key'),
      });
    }
    if (path === '/app/withdrawals/summary')
      return isProvider
        ? envelope({ currency: 'USD', available: 5000, inFlight: 0, minimum: 1000, fee: 100 })
        : envelope(null, { code: ERROR_CODES.withdrawalProvidersOnly.code, msg: 'Only providers' });
    if (path === '/app/withdrawals/accounts' && method === 'POST')
      return envelope({ ...account, id: 10, ...(init?.body ? JSON.parse(String(init.body)) : {}) });
    if (path === '/app/withdrawals/accounts') return envelope([account]);
    if (path === '/app/withdrawals' && method === 'POST')
      return envelope({
        id: 1,
        status: 'pending',
        amount: 2000,
        fee: 100,
        currency: 'USD',
        account: {
          id: 9,
          method: 'bank',
          payeeName: 'Sokha Chan',
          accountNumberLast4: '4567',
          bankName: 'ABA Bank',
        },
        failureReason: null,
        createdAt: '2026-11-24T03:00:00.000Z',
        updatedAt: '2026-11-24T03:00:00.000Z',
      });
    if (path === '/app/withdrawals') return envelope({ items: [], page: 1, hasMore: false });
    return envelope({ rates: [] });
  });
  return sent;
}

const logIn = () => {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
};

describe('withdraw page', () => {
  it('refuses below the minimum, above the balance with the fee, and a fraction of a cent, sending nothing', async () => {
    logIn();
    const sent = server();
    await renderPage(<WithdrawPage />);
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText(/Amount/);
    const submit = screen.getByRole('button', { name: en.submit });
    await typist.type(amount, '9.99');
    await typist.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('The smallest withdrawal is $10.00.');
    await typist.clear(amount);
    await typist.type(amount, '49.50');
    await typist.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('$50.00');
    await typist.clear(amount);
    await typist.type(amount, '12.345');
    await typist.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('2 decimals');
    expect(sent).toEqual([]);
  });

  it('asks before withdrawing, then sends the minor units once with an idempotency key', async () => {
    logIn();
    const sent = server();
    await renderPage(<WithdrawPage />);
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.type(await screen.findByLabelText(/Amount/), '20');
    await screen.findByText(/ABA Bank •••• 4567/);
    await typist.click(screen.getByRole('button', { name: en.submit }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Withdraw $20.00 to ABA Bank •••• 4567?')).toBeTruthy();
    await typist.click(within(dialog).getByRole('button', { name: en.confirmOk }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ path: '/app/withdrawals', body: { accountId: 9, amount: 2000 } });
    expect(sent[0]?.key).toMatch(/^[\w-]{16,}$/);
    expect(await screen.findByText(en.submitted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells a customer that withdrawals are for providers', async () => {
    logIn();
    server({ isProvider: false });
    await renderPage(<WithdrawPage />);
    expect(await screen.findByText(en.providersOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.submit })).toBeNull();
  });
});

describe('adding a withdrawal account', () => {
  it('refuses a credit card and a card number before sending, then saves a savings account', async () => {
    logIn();
    const sent = server();
    await renderPage(<AddAccountPage />);
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.click(await screen.findByText(en.add.credit));
    expect((await screen.findByRole('alert')).textContent).toBe(en.add.creditRefused);
    expect(screen.getByRole('button', { name: en.add.save }).hasAttribute('disabled')).toBe(true);
    await typist.click(screen.getByText(en.add.savings));

    await typist.type(screen.getByPlaceholderText(en.add.payeePlaceholder), 'Sokha Chan');
    await typist.type(screen.getByPlaceholderText(en.add.accountNumberPlaceholder), '4111 1111 1111 1111');
    await typist.type(screen.getByPlaceholderText(en.add.bankPlaceholder), 'ABA Bank');
    await typist.click(screen.getByRole('button', { name: en.add.save }));
    expect(await screen.findByText(en.add.looksLikeCard)).toBeTruthy();
    expect(sent).toEqual([]);

    const number = screen.getByPlaceholderText(en.add.accountNumberPlaceholder);
    await typist.clear(number);
    await typist.type(number, '001 234 567');
    await typist.click(screen.getByRole('button', { name: en.add.save }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      method: 'bank',
      accountType: 'savings',
      payeeName: 'Sokha Chan',
      accountNumber: '001234567',
      bankName: 'ABA Bank',
    });
  });
});
