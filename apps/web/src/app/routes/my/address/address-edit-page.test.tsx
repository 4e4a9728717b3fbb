// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, setDraftPoint } from '../../../../features/addresses/address-draft';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/addresses.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import AddressEditPage from './address-edit-page';

/** The address form's rules, checked in the browser before anything is sent (the shared schema). */
// Typing a whole form takes a few seconds on a busy machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearDraft(undefined);
});

const savedAddress = (body: Record<string, unknown>) => ({
  id: 41,
  contactName: body.contactName,
  genderTitle: body.genderTitle,
  phoneE164: '+85512345678',
  placeType: body.placeType,
  detail: body.detail,
  houseNumber: body.houseNumber,
  arrivalNotes: body.arrivalNotes,
  photos: [],
  isDefault: body.isDefault,
  lat: body.lat,
  lng: body.lng,
});

/** Where a save went. */
function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** A signed-in user on the add page, with the pin already chosen on the map (the draft). */
async function openAddPage({ hasPoint = true } = {}) {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara', areaCode: '855', phone: '' });
  if (hasPoint) setDraftPoint(undefined, { lat: 11.5621, lng: 104.9161 });
  const fetchMock = answerWith((method, path, url) => {
    if (path === '/app/Login/countryCode')
      return envelope([{ name: 'Cambodia', iso2: 'KH', areaCode: '855' }]);
    if (method === 'POST' && path === '/app/addresses') {
      const call = fetchMock.mock.calls.at(-1);
      return envelope(savedAddress(JSON.parse(String(call?.[1]?.body))));
    }
    if (path === '/app/addresses') return envelope([]);
    return envelope(null, { code: 404, msg: `unexpected ${url.pathname}` });
  });
  await renderPage(
    <Routes>
      <Route path="/my/address/Endaddress" element={<AddressEditPage />} />
      <Route path="/my/address/address" element={<WhereAmI />} />
    </Routes>,
    { route: '/my/address/Endaddress' },
  );
  await screen.findByRole('heading', { name: en.form.addTitle });
  const posted = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith('/app/addresses') && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { posted, typist: userEvent.setup() };
}

async function fillRequired(typist: ReturnType<typeof userEvent.setup>, phone = '012 345 678') {
  await typist.type(screen.getByRole('textbox', { name: en.fields.contactName }), 'Sokha');
  await typist.click(screen.getByRole('radio', { name: en.genderTitles.ms }));
  await typist.type(screen.getByRole('textbox', { name: en.fields.phone }), phone);
  await typist.type(screen.getByRole('textbox', { name: en.fields.detail }), 'Street 240, Daun Penh');
}

const save = () => screen.getByRole('button', { name: en.form.save });

describe('the address form', () => {
  it('asks a villa for its house number next to the field, and sends it once given', async () => {
    const { posted, typist } = await openAddPage();
    await fillRequired(typist);
    await typist.click(screen.getByRole('radio', { name: en.placeTypes.villa }));
    // The label now says the number is required.
    const houseNumber = screen.getByRole('textbox', { name: en.fields.houseNumberRequired });

    await typist.click(save());
    const row = houseNumber.closest('.address-form__row') as HTMLElement;
    expect(await within(row).findByRole('alert')).toHaveProperty(
      'textContent',
      en.errors.houseNumberRequired,
    );
    expect(posted()).toEqual([]);

    await typist.type(houseNumber, 'B12');
    await typist.click(save());
    expect((await screen.findByTestId('location')).textContent).toBe('/my/address/address');
    expect(posted()).toEqual([
      {
        contactName: 'Sokha',
        genderTitle: 'ms',
        areaCode: '855',
        phone: '012 345 678',
        placeType: 'villa',
        detail: 'Street 240, Daun Penh',
        houseNumber: 'B12',
        arrivalNotes: '',
        lat: 11.5621,
        lng: 104.9161,
        isDefault: false,
      },
    ]);
  });

  it('shows every problem at once: the missing map point beside the missing house number', async () => {
    const { posted, typist } = await openAddPage({ hasPoint: false });
    await fillRequired(typist);
    await typist.click(screen.getByRole('radio', { name: en.placeTypes.apartment }));
    await typist.click(save());
    const houseRow = screen
      .getByRole('textbox', { name: en.fields.houseNumberRequired })
      .closest('.address-form__row') as HTMLElement;
    expect(await within(houseRow).findByRole('alert')).toHaveProperty(
      'textContent',
      en.errors.houseNumberRequired,
    );
    expect(screen.getByText(en.point.none)).toBeTruthy();
    expect(screen.getAllByText(en.errors.pointRequired).length).toBeGreaterThan(0);
    expect(posted()).toEqual([]);
  });

  it('does not ask a house for a house number', async () => {
    const { posted, typist } = await openAddPage();
    await fillRequired(typist);
    expect(screen.getByRole('textbox', { name: en.fields.houseNumber })).toBeTruthy();
    await typist.click(save());
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ placeType: 'house', houseNumber: '' });
  });

  it('refuses a number that is not a mobile of the chosen country, next to the phone field', async () => {
    const { posted, typist } = await openAddPage();
    await fillRequired(typist, '12345');
    await typist.click(save());
    const row = screen
      .getByRole('textbox', { name: en.fields.phone })
      .closest('.address-form__row') as HTMLElement;
    expect(await within(row).findByRole('alert')).toHaveProperty('textContent', en.errors.phoneInvalid);
    expect(posted()).toEqual([]);
  });

  it('keeps five photos and refuses the sixth with a message', async () => {
    const { typist } = await openAddPage();
    const picture = (n: number) => new File([`picture ${n}`], `door-${n}.jpg`, { type: 'image/jpeg' });
    const input = screen.getByLabelText(en.photos.add, { selector: 'input' });
    await typist.upload(input, [picture(1), picture(2), picture(3), picture(4)]);
    expect(screen.getAllByRole('img', { name: /Address photo \d/ })).toHaveLength(4);

    // Two more picked at once: the fifth is kept, the sixth refused.
    await typist.upload(input, [picture(5), picture(6)]);
    expect(screen.getAllByRole('img', { name: /Address photo \d/ })).toHaveLength(5);
    const limit = en.photos.limit.replace('{{limit}}', '5');
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(
      screen.getByRole('group', {
        name: en.photos.label.replace('{{count}}', '5').replace('{{limit}}', '5'),
      }),
    ).toBeTruthy();

    // One removed makes room again.
    await typist.click(screen.getByRole('button', { name: en.photos.remove.replace('{{n}}', '5') }));
    expect(screen.getAllByRole('img', { name: /Address photo \d/ })).toHaveLength(4);
  });
});
