// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as paths from '../../../../lib/paths';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/addresses.json';
import identityEn from '../../../../locales/en/identity.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import SelectAddressPage from './select-address-page';

/** Choosing an address while booking: back to the booking page with `addressId` in its query. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const address = (id: number, detail: string, isDefault = false) => ({
  id,
  contactName: 'Sokha',
  genderTitle: 'ms',
  phoneE164: '+85512345678',
  placeType: 'condo',
  detail,
  houseNumber: '',
  arrivalNotes: '',
  photos: [],
  isDefault,
  lat: 11.56,
  lng: 104.92,
});

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const BOOKING = '/index/order/orderDet?therapistId=3&projectId=9';

async function openChooser({ isLoggedIn = true } = {}) {
  if (isLoggedIn) {
    writeStored(STORAGE_KEYS.token, 'a-session-token');
    writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
  }
  answerWith((_method, path) =>
    path === '/app/addresses'
      ? envelope([address(5, 'Riverside 12', true), address(8, 'BKK1 street 278')])
      : envelope(null),
  );
  await renderPage(
    <Routes>
      <Route path={paths.selectAddress.path} element={<SelectAddressPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route: paths.selectAddress.href({ returnTo: BOOKING }) },
  );
  return userEvent.setup();
}

describe('choosing an address while booking', () => {
  it('goes back to the booking page with the chosen addressId added to its query', async () => {
    const typist = await openChooser();
    await typist.click(await screen.findByRole('button', { name: /BKK1 street 278/ }));
    expect(screen.getByTestId('location').textContent).toBe(`${BOOKING}&addressId=8`);
  });

  it('adds a new address on the way, and comes back to the chooser after saving', async () => {
    const typist = await openChooser();
    await typist.click(await screen.findByRole('button', { name: en.select.add }));
    const back = paths.selectAddress.href({ returnTo: BOOKING });
    expect(screen.getByTestId('location').textContent).toBe(
      paths.editAddress.href(undefined, { returnTo: back }),
    );
    expect(
      new URL(screen.getByTestId('location').textContent ?? '', 'http://x').searchParams.get('returnTo'),
    ).toBe(back);
  });

  it('never sends the choice to another site', () => {
    expect(paths.isInAppPath('//evil.example/x')).toBe(false);
    expect(paths.isInAppPath('https://evil.example/x')).toBe(false);
    expect(paths.withAddressId('/index/order/orderDet?addressId=1&x=2', 9)).toBe(
      '/index/order/orderDet?addressId=9&x=2',
    );
  });

  it('asks a guest to log in first', async () => {
    await openChooser({ isLoggedIn: false });
    expect(await screen.findByText(identityEn.loginRequired.title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Riverside/ })).toBeNull();
  });
});
