// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/addresses.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import AddressListPage from './address-list-page';

/** My addresses: nothing is deleted before the user confirms; the default can move. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const address = (id: number, detail: string, isDefault: boolean) => ({
  id,
  contactName: 'Sokha',
  genderTitle: 'mr',
  phoneE164: '+85512345678',
  placeType: 'apartment',
  detail,
  houseNumber: '4C',
  arrivalNotes: '',
  photos: [],
  isDefault,
  lat: 11.56,
  lng: 104.92,
});

async function openList() {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
  let rows = [address(5, 'Riverside 12', true), address(8, 'BKK1 street 278', false)];
  const fetchMock = answerWith((method, path) => {
    if (method === 'DELETE' && path === '/app/addresses/8') {
      rows = rows.filter((row) => row.id !== 8);
      return envelope(null);
    }
    if (method === 'POST' && path === '/app/addresses/8/default') {
      rows = rows.map((row) => ({ ...row, isDefault: row.id === 8 }));
      return envelope(rows.find((row) => row.id === 8));
    }
    if (path === '/app/addresses') return envelope(rows);
    return envelope(null);
  });
  await renderPage(<AddressListPage />);
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url]) => new URL(String(url), 'http://x').pathname);
  const card = async (detail: string) => screen.findByRole('article', { name: new RegExp(detail) });
  // antd's closing dialog leaves its mask for a moment; clicks behind it are what a user does next.
  return { calls, card, typist: userEvent.setup({ pointerEventsCheck: 0 }) };
}

describe('my addresses', () => {
  it('deletes only after the confirmation, and "keep it" keeps the address', async () => {
    const { calls, card, typist } = await openList();
    await typist.click(within(await card('BKK1')).getByRole('button', { name: en.list.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.list.deleteConfirm)).toBeTruthy();
    await typist.click(within(dialog).getByRole('button', { name: en.list.deleteCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE')).toEqual([]);

    await typist.click(within(await card('BKK1')).getByRole('button', { name: en.list.delete }));
    await typist.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en.list.delete }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: /BKK1/ })).toBeNull());
    expect(calls('DELETE')).toEqual(['/app/addresses/8']);
    expect(screen.getByRole('article', { name: /Riverside/ })).toBeTruthy();
  });

  it('moves the default badge to the address made default', async () => {
    const { calls, card, typist } = await openList();
    expect(within(await card('Riverside')).getByText(en.list.default)).toBeTruthy();
    expect(within(await card('Riverside')).queryByRole('button', { name: en.list.setDefault })).toBeNull();
    await typist.click(within(await card('BKK1')).getByRole('button', { name: en.list.setDefault }));
    await waitFor(async () => expect(within(await card('BKK1')).getByText(en.list.default)).toBeTruthy());
    expect(within(await card('Riverside')).queryByText(en.list.default)).toBeNull();
    expect(calls('POST')).toEqual(['/app/addresses/8/default']);
  });
});
