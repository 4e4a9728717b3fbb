// @vitest-environment happy-dom
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/workbench.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import StoreOrdersPage from './store-orders-page';

/** The store counter: a code is confirmed before it is sent, and the server's refusals are said plainly. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inStore = {
  id: 5,
  orderNumber: 'S2026112400000005',
  kind: 'inStore',
  status: 'toBeUsed',
  statusCode: 110,
  projectId: 11,
  clocks: 1,
  startsAt: '2026-11-24T11:00:00.000Z',
  endsAt: '2026-11-24T12:00:00.000Z',
  allowedTransitions: ['prepare', 'consume', 'cancel'],
};

function server() {
  const sent: { path: string; body: unknown }[] = [];
  let consumed = false;
  const fetchMock = answerWith(async (method, path) => {
    const body = fetchMock.mock.calls.at(-1)?.[1]?.body;
    if (method === 'POST') sent.push({ path, body: body ? JSON.parse(String(body)) : undefined });
    if (path === '/app/store/orders')
      return envelope({ items: consumed ? [] : [inStore], page: 1, pageSize: 50, hasMore: false });
    if (path === '/app/projects') return envelope([{ id: 11, name: 'Khmer massage' }]);
    if (path === '/app/store/orders/consume') {
      const { code } = JSON.parse(String(body));
      if (code !== '123456' || consumed)
        return envelope(null, { code: ERROR_CODES.notFound.code, msg: 'Not found' });
      consumed = true;
      return envelope({ ...inStore, status: 'consumed' });
    }
    if (path === '/app/orders/5/transitions') return envelope({ ...inStore, status: 'preparing' });
    return envelope({ rates: [] });
  });
  return sent;
}

describe('the store counter', () => {
  it('lists the store’s orders and marks one consumed by its code after a confirmation; a wrong or used code is explained', async () => {
    const sent = server();
    await renderPage(<StoreOrdersPage />);
    // antd's dialog keeps `pointer-events: none` while it animates in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const order = await screen.findByRole('article', { name: `Order ${inStore.orderNumber}` });
    expect(order.textContent).toContain('Khmer massage');

    const code = screen.getByLabelText(en.store.code);
    const form = screen.getByRole('region', { name: en.store.consume });
    const consume = () => user.click(within(form).getByRole('button', { name: en.store.consume }));
    const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.type(code, '12');
    await consume();
    expect((await screen.findByRole('alert')).textContent).toBe(en.store.codeInvalid);
    expect(sent).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await consume();
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Mark the order with code 654321 as consumed?');
    await user.click(within(dialog).getByRole('button', { name: en.store.consume }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(en.store.notFound));

    await noDialog();
    await user.clear(code);
    await user.type(code, '123456');
    await consume();
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.actions.cancel }));
    expect(sent).toHaveLength(1);

    await noDialog();
    await consume();
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en.store.consume }),
    );
    await screen.findByRole('heading', { name: en.store.empty });
    expect(sent.map((entry) => entry.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  }, 20_000);

  it('marks an order preparing', async () => {
    const sent = server();
    await renderPage(<StoreOrdersPage />);
    const user = userEvent.setup();
    const order = await screen.findByRole('article', { name: `Order ${inStore.orderNumber}` });
    await user.click(within(order).getByRole('button', { name: en.store.prepare }));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/app/orders/5/transitions', body: { transition: 'prepare' } }]),
    );
  });
});
