// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/reviews.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import EvaluatePage from './evaluate-page';

/** The evaluate page: its own checks first (stars, 1–3 tags), then one POST, then the thank-you. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ORDER = {
  id: 7,
  orderNumber: 'SB2611250007',
  kind: 'homeVisit',
  status: 'pendingReview',
  therapistId: 3,
};

function serve(review: unknown = null, answer?: (body: unknown) => Response) {
  const posted: unknown[] = [];
  const fetchMock = answerWith(async (method, path) => {
    if (path === '/app/orders/7') return envelope(ORDER);
    if (path === '/app/orders/7/review' && method === 'GET') return envelope(review);
    if (path === '/app/orders/7/review' && method === 'POST') {
      return fetchMock.mock.calls.at(-1)?.[1]?.body
        ? (() => {
            const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));
            posted.push(body);
            return answer ? answer(body) : envelope({ id: 1, orderId: 7, ...body });
          })()
        : envelope(null, { code: 422, msg: 'no body' });
    }
    if (path === '/app/currency/rates') return envelope({ base: 'USD', rates: [] });
    return envelope(null, { code: 404, msg: 'unexpected' });
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
  return { posted };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const render = () =>
  renderPage(
    <Routes>
      <Route path="/my/order/evaluate" element={<EvaluatePage />} />
      <Route path="/my/order/evaluationSuccess" element={<WhereAmI />} />
    </Routes>,
    { route: '/my/order/evaluate?ordersId=7' },
  );

describe('the evaluate page', () => {
  it('refuses no stars and no tags in place, sending nothing', async () => {
    const { posted } = serve();
    await render();
    await userEvent.click(await screen.findByRole('button', { name: en.evaluate.submit }));
    expect(await screen.findByText(en.evaluate.ratingNeeded)).toBeTruthy();
    expect(screen.getByText(en.evaluate.tagsNeeded)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('lets at most three tags be picked, posts stars, tags, text and anonymity, then thanks', async () => {
    const { posted } = serve();
    await render();
    await userEvent.click(await screen.findByRole('button', { name: '4 stars' }));
    for (const tag of ['professional', 'punctual', 'clean', 'friendly'] as const) {
      await userEvent.click(screen.getByRole('option', { name: en.tags[tag] }));
    }
    // The fourth tag is refused while three are chosen.
    expect(screen.getByRole('option', { name: en.tags.friendly }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await userEvent.type(screen.getByLabelText(en.evaluate.textLabel), 'Great hands');
    await userEvent.click(screen.getByText(en.evaluate.anonymous));
    await userEvent.click(screen.getByRole('button', { name: en.evaluate.submit }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/my/order/evaluationSuccess?ordersId=7'),
    );
    expect(posted).toEqual([
      {
        rating: 4,
        tags: ['professional', 'punctual', 'clean'],
        text: 'Great hands',
        photoKeys: [],
        isAnonymous: true,
        includesTherapist: true,
      },
    ]);
  });

  it("shows the server's refusal in place", async () => {
    serve(null, () => envelope(null, { code: 6003, msg: 'You have already reviewed this order.' }));
    await render();
    await userEvent.click(await screen.findByRole('button', { name: '5 stars' }));
    await userEvent.click(screen.getByRole('option', { name: en.tags.clean }));
    await userEvent.click(screen.getByRole('button', { name: en.evaluate.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reviewed this order.');
  });
});
