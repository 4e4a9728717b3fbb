// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/reviews.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import TousuListPage from './tousu-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const complaint = (overrides: Record<string, unknown>) => ({
  id: 1,
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
  ...overrides,
});

function serve(items: unknown[]) {
  answerWith((_method, path) => {
    if (path === '/app/complaints') return envelope({ items, page: 1, pageSize: 20, hasMore: false });
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
}

describe('my complaints (tousuList)', () => {
  it("shows each complaint's status and customer service's reply once there is one", async () => {
    serve([
      complaint({ id: 2, title: 'Rude words', status: 'rejected', reply: 'We checked the call recording.' }),
      complaint({ id: 1 }),
    ]);
    await renderPage(<TousuListPage />);
    const rejected = (await screen.findByRole('heading', { name: 'Rude words' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(rejected).getByText(en.status.rejected)).toBeTruthy();
    expect(within(rejected).getByText('We checked the call recording.')).toBeTruthy();
    const pending = screen
      .getByRole('heading', { name: 'Late by 40 minutes' })
      .closest('article') as HTMLElement;
    expect(within(pending).getByText(en.status.pending)).toBeTruthy();
    expect(within(pending).getByText(en.list.noReply)).toBeTruthy();
  });

  it('says so when there are none', async () => {
    serve([]);
    await renderPage(<TousuListPage />);
    expect(await screen.findByText(en.list.empty)).toBeTruthy();
  });
});
