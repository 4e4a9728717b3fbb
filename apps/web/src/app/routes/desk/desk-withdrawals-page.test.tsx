// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/withdraw.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import DeskWithdrawalsPage from './desk-withdrawals-page';

/** Customer service pays out: a failure needs a reason; each action is sent once, with its key. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pending = {
  id: 5,
  status: 'pending',
  amount: 2000,
  fee: 0,
  currency: 'USD',
  userId: 7,
  therapistId: 3,
  account: {
    id: 9,
    method: 'bank',
    payeeName: 'Sokha Chan',
    accountNumberLast4: '4567',
    accountNumber: '001234567',
    bankName: 'ABA Bank',
  },
  failureReason: null,
  createdAt: '2026-11-24T03:00:00.000Z',
  updatedAt: '2026-11-24T03:00:00.000Z',
};

function server() {
  const sent: { path: string; body: unknown; key: string | null }[] = [];
  const fetchMock = answerWith((method, path) => {
    const init = fetchMock.mock.calls.at(-1)?.[1];
    if (method === 'POST') {
      sent.push({
        path,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        key: new Headers(init?.headers).get('idempotency-key'),
      });
      return envelope({ ...pending, status: path.endsWith('fail') ? 'failed' : 'success' });
    }
    if (path === '/app/staff/withdrawals') return envelope({ items: [pending], page: 1, hasMore: false });
    return envelope({ rates: [] });
  });
  return sent;
}

const asStaff = () => {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 1, nickname: 'Desk', roles: ['customer_service'] });
};

describe('desk withdrawals', () => {
  it('asks for a reason before marking failed and sends nothing without one', async () => {
    asStaff();
    const sent = server();
    await renderPage(<DeskWithdrawalsPage />);
    const row = await screen.findByRole('article', { name: 'Withdrawal 5' });
    expect(within(row).getByText(/001234567/)).toBeTruthy();
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.click(within(row).getByRole('button', { name: en.staff.fail }));
    let dialog = await screen.findByRole('dialog');
    await typist.click(within(dialog).getByRole('button', { name: en.staff.fail }));
    expect(await screen.findByText(en.staff.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await typist.click(within(row).getByRole('button', { name: en.staff.fail }));
    dialog = await screen.findByRole('dialog');
    await typist.type(within(dialog).getByLabelText(en.staff.reason), 'Account closed');
    await typist.click(within(dialog).getByRole('button', { name: en.staff.fail }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/app/staff/withdrawals/5/fail',
      body: { reason: 'Account closed' },
    });
    expect(sent[0]?.key).toMatch(/^[\w-]{16,}$/);
  });

  it('shows "staff only" to anyone else and reads nothing', async () => {
    writeStored(STORAGE_KEYS.token, 'a-session-token');
    writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara', roles: ['provider'] });
    const sent = server();
    await renderPage(<DeskWithdrawalsPage />);
    expect(await screen.findByText(/staff/i)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(sent).toEqual([]);
  });
});
