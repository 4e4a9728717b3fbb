// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/feedback.json';
import ui from '../../../../locales/en/ui.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import FeedbackDetailsPage from './feedback-details-page';
import FeedbackIndexPage from './feedback-index-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const detail = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  type: 'appProblem',
  description: 'The map stays grey.',
  contact: '',
  orderId: null,
  orderNumber: null,
  images: [],
  status: 'processing',
  replyCount: 1,
  createdAt: '2026-11-24T03:00:00.000Z',
  updatedAt: '2026-11-24T04:00:00.000Z',
  replies: [
    { id: 1, author: 'staff', text: 'Which phone do you use?', createdAt: '2026-11-24T04:00:00.000Z' },
  ],
  ...overrides,
});

function signIn() {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
}

describe('feedback details (my/feedback/details)', () => {
  it("shows customer service's reply and sends mine", async () => {
    const sent: unknown[] = [];
    answerWith(async (method, path) => {
      if (path === '/app/feedback/3' && method === 'GET') return envelope(detail());
      if (path === '/app/feedback/3/replies' && method === 'POST') {
        sent.push('reply');
        return envelope(
          detail({
            replies: [
              ...detail().replies,
              { id: 2, author: 'customer', text: 'A Pixel 7.', createdAt: '2026-11-24T05:00:00.000Z' },
            ],
          }),
        );
      }
      return envelope(null, { code: 404, msg: 'unexpected' });
    });
    signIn();
    await renderPage(<FeedbackDetailsPage />, { route: '/my/feedback/details?id=3' });
    expect(await screen.findByText('Which phone do you use?')).toBeTruthy();
    expect(screen.getByText(en.status.processing)).toBeTruthy();
    // An empty reply is not sent.
    fireEvent.click(screen.getByRole('button', { name: en.details.send }));
    expect(await screen.findByText(en.details.replyNeeded)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText(en.details.replyLabel), { target: { value: 'A Pixel 7.' } });
    fireEvent.click(screen.getByRole('button', { name: en.details.send }));
    expect(await screen.findByText('A Pixel 7.')).toBeTruthy();
    expect(sent).toEqual(['reply']);
  });

  it('offers no reply box once closed, and answers not found for a feedback that is not mine', async () => {
    answerWith(async (_method, path) => {
      if (path === '/app/feedback/3') return envelope(detail({ status: 'closed' }));
      return envelope(null, { code: 404, msg: 'Not found' });
    });
    signIn();
    await renderPage(<FeedbackDetailsPage />, { route: '/my/feedback/details?id=3' });
    expect(await screen.findByText(en.details.closed)).toBeTruthy();
    expect(screen.queryByLabelText(en.details.replyLabel)).toBeNull();
    cleanup();
    await renderPage(<FeedbackDetailsPage />, { route: '/my/feedback/details?id=4' });
    expect(await screen.findByText(ui.states.notFound)).toBeTruthy();
    expect(screen.queryByText('The map stays grey.')).toBeNull();
  });
});

describe('the feedback form (my/feedback/index)', () => {
  it('says what is missing and sends nothing', async () => {
    const fetchMock = answerWith(async () => envelope(null, { code: 404, msg: 'unexpected' }));
    signIn();
    await renderPage(<FeedbackIndexPage />, { route: '/my/feedback/index' });
    fireEvent.click(await screen.findByRole('button', { name: en.form.submit }));
    expect(await screen.findByText(en.form.typeNeeded)).toBeTruthy();
    expect(screen.getByText(en.form.descriptionNeeded)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/app/feedback'))).toBe(false);
  });
});
