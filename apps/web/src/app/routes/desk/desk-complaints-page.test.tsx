// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/reviews.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import DeskComplaintsPage from './desk-complaints-page';

/** Customer service's complaints: a reply is required, and the decision goes only once confirmed. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PENDING = {
  id: 4,
  orderId: 7,
  orderNumber: 'SB2611250007',
  type: 'lateness',
  title: 'Late by 40 minutes',
  content: 'The therapist came late.',
  images: [{ key: 'care/1-0123456789abcdef.webp', url: '/app/uploads/care/1-0123456789abcdef.webp' }],
  status: 'pending',
  reply: null,
  createdAt: '2026-11-24T03:00:00.000Z',
  decidedAt: null,
};

function serve(roles: string[]) {
  const fetchMock = answerWith((method, path) => {
    if (path === '/app/staff/complaints')
      return envelope({ items: [PENDING], page: 1, pageSize: 20, hasMore: false });
    if (method === 'POST' && path === '/app/staff/complaints/4/decision')
      return envelope({ ...PENDING, status: 'rejected', reply: 'On time per GPS.' });
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 9, nickname: 'Support', roles });
  const decisions = () =>
    fetchMock.mock.calls.filter(
      ([url, init]) => String(url).includes('/decision') && init?.method === 'POST',
    );
  return { decisions };
}

describe('the desk complaints page', () => {
  it('is for staff only', async () => {
    serve(['customer']);
    await renderPage(<DeskComplaintsPage />);
    expect(await screen.findByText(en.desk.staffOnly)).toBeTruthy();
  });

  it('asks for a reply, then rejects only once confirmed', async () => {
    const { decisions } = serve(['customer', 'customer_service']);
    await renderPage(<DeskComplaintsPage />);
    await screen.findByRole('heading', { name: 'Late by 40 minutes' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: en.desk.rejected }));
    expect(await screen.findByText(en.desk.replyNeeded)).toBeTruthy();
    await user.type(screen.getByLabelText(en.desk.replyLabel), 'On time per GPS.');
    await user.click(screen.getByRole('button', { name: en.desk.rejected }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.desk.confirm.rejected)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.desk.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decisions()).toEqual([]);
    await user.click(screen.getByRole('button', { name: en.desk.rejected }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en.desk.rejected }),
    );
    await waitFor(() => expect(decisions()).toHaveLength(1));
    const [, init] = decisions()[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'rejected', reply: 'On time per GPS.' });
  });
});
