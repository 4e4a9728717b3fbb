import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lookAt, phoneContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilSteady, untilStill } from '../support/still';

/**
 * Addresses (spec my/address/*) in real Chromium against the real server: add one with the map
 * pin (geolocation, then a drag) and a photo, edit it, make another the default, delete with a
 * confirmation, and choose one while booking. Screenshots of each page in en and km.
 */
const journey = setUpJourney();
const SHOTS = process.env.ADDRESS_SHOTS_DIR;

type Envelope<T> = { code: number; msg: string; data: T };
interface StoredAddress {
  id: number;
  detail: string;
  houseNumber: string;
  arrivalNotes: string;
  isDefault: boolean;
  lat: number;
  lng: number;
  photos: { key: string; url: string }[];
}

function freshPhone() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { typed: `012 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+85512${digits}` };
}

async function smsCode(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(
      `${journey.server.baseUrl}/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    );
    const body = (await response.json()) as { data: { code: string }[] };
    if (body.data[0]?.code) return body.data[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS to ${e164}`);
}

const api = async <T>(method: string, path: string, token: string, body?: unknown) =>
  (await (
    await fetch(`${journey.server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', token },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json()) as Envelope<T>;

/** A new user, registered through the API as the app would, signed in in a fresh phone context. */
async function signedIn(
  language: string,
  options: { geolocation?: { latitude: number; longitude: number } } = {},
) {
  const phone = freshPhone();
  await api('POST', '/app/auth/sms-codes', '', { areaCode: '855', phone: phone.typed, purpose: 'register' });
  const session = await api<{ token: string; user: unknown }>('POST', '/app/auth/register', '', {
    areaCode: '855',
    phone: phone.typed,
    code: await smsCode(phone.e164),
    password: 'lotus flower 9',
    agreeTerms: true,
  });
  expect(session.code).toBe(0);
  const context = await phoneContext(journey.launched.browser, language);
  if (options.geolocation) {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(options.geolocation);
  }
  // No map tiles from the internet in a test: the map draws its plain background.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.data.token, user: session.data.user },
  );
  return { context, token: session.data.token };
}

const addressBody = (detail: string) => ({
  contactName: 'Sokha',
  genderTitle: 'ms',
  areaCode: '855',
  phone: '012 345 678',
  placeType: 'house',
  detail,
  houseNumber: '',
  arrivalNotes: '',
  lat: 11.55,
  lng: 104.91,
  isDefault: false,
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await settle(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png` });
}

const GEO = { latitude: 11.5695, longitude: 104.921 };

describe('addresses journey', () => {
  it('adds an address with the map pin and a photo, edits it, sets a default, deletes with confirmation', async () => {
    const { context, token } = await signedIn('en', { geolocation: GEO });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const base = journey.server.baseUrl;

    // From Me to the empty list, then the form.
    await page.goto(`${base}/my`);
    await page.getByRole('link', { name: 'My addresses' }).click();
    await page.getByRole('heading', { name: 'No addresses yet' }).waitFor();
    await shoot(page, 'address-empty-en');
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.waitForURL('**/my/address/Endaddress');

    await page.getByRole('textbox', { name: 'Contact name' }).fill('Sokha Chan');
    await page.getByText('Ms', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('012 345 678');
    await page.getByText('Apartment', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Detailed address' }).fill('The Peak, Street 2, Tonle Bassac');
    // An apartment without its unit number is refused next to the field.
    await page.getByRole('button', { name: 'Save address' }).click();
    await page
      .locator('.address-form__row--houseNumber [role="alert"]')
      .getByText('A villa or apartment needs a house or unit number.')
      .waitFor();
    await page.getByRole('textbox', { name: 'House / unit number (required)' }).fill('17B');
    await page.getByRole('textbox', { name: 'Arrival notes' }).fill('Floor 17, lobby code 4321');
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('.address-photos input[type="file"]')
      .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Address photo 1' }).waitFor();

    // The map: geolocation first, then a drag; confirming goes back with the form as it was.
    await page.getByRole('button', { name: 'Choose on map' }).click();
    await page.waitForURL('**/my/address/mapaddress');
    await page.getByRole('button', { name: 'Use my location' }).click();
    const pin = page.locator('.address-pin');
    await pin.waitFor();
    // The map has flown to the position: the pin is grabbed where it rests.
    await untilSteady(pin);
    const before = await pin.boundingBox();
    if (!before) throw new Error('no pin');
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 60, before.y + before.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    // The pin also moves from the keyboard: focused, an arrow press nudges it (about 10 m east).
    await pin.focus();
    const dragged = await pin.boundingBox();
    await page.keyboard.press('ArrowRight');
    const nudged = await pin.boundingBox();
    expect((nudged?.x ?? 0) - (dragged?.x ?? 0)).toBeGreaterThan(4);
    await shoot(page, 'address-map-en');
    await page.getByRole('button', { name: 'Confirm location' }).click();
    await page.waitForURL('**/my/address/Endaddress');
    expect(await page.getByRole('textbox', { name: 'Contact name' }).inputValue()).toBe('Sokha Chan');
    expect(await page.getByRole('textbox', { name: 'House / unit number (required)' }).inputValue()).toBe(
      '17B',
    );
    await page.getByRole('img', { name: 'Address photo 1' }).waitFor();
    await page.getByText(/^Pin at /).waitFor();
    await shoot(page, 'address-form-en');

    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL('**/my/address/address');
    // The list's own line first: until the list's chunk has rendered, the form is still on screen.
    await page.getByText('House / unit no. 17B').waitFor();
    await page.getByText('The Peak, Street 2, Tonle Bassac').waitFor();

    const [saved] = (await api<StoredAddress[]>('GET', '/app/addresses', token)).data;
    if (!saved) throw new Error('not saved');
    expect(saved).toMatchObject({ houseNumber: '17B', arrivalNotes: 'Floor 17, lobby code 4321' });
    expect(saved.photos).toHaveLength(1);
    // Dragged east and south of where geolocation put it.
    expect(saved.lng).toBeGreaterThan(GEO.longitude);
    expect(saved.lat).toBeLessThan(GEO.latitude);
    expect(Math.abs(saved.lat - GEO.latitude)).toBeLessThan(0.01);

    // Edit it.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`**/my/address/Endaddress?id=${saved.id}`);
    const detail = page.getByRole('textbox', { name: 'Detailed address' });
    await detail.waitFor();
    expect(await detail.inputValue()).toBe('The Peak, Street 2, Tonle Bassac');
    await shoot(page, 'address-edit-en');
    await detail.fill('The Peak, Tower B, Tonle Bassac');
    // The saved photo is shown and can be taken off.
    await page.getByRole('img', { name: 'Address photo 1' }).waitFor();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByText('Photos of the entrance (0/5)').waitFor();
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL('**/my/address/address');
    await page.getByRole('button', { name: 'Save address' }).waitFor({ state: 'detached' });
    await page.getByText('The Peak, Tower B, Tonle Bassac').waitFor();
    const [edited] = (await api<StoredAddress[]>('GET', '/app/addresses', token)).data;
    expect(edited).toMatchObject({ id: saved.id, detail: 'The Peak, Tower B, Tonle Bassac', photos: [] });

    // A second address (added as a default one elsewhere), then this one made the default again.
    expect(
      (await api('POST', '/app/addresses', token, { ...addressBody('Riverside 12'), isDefault: true })).code,
    ).toBe(0);
    await page.reload();
    const peak = page.locator('.address-card', { hasText: 'Tower B' });
    await peak.getByRole('button', { name: 'Set as default' }).click();
    await peak.getByText('Default', { exact: true }).waitFor();
    await shoot(page, 'address-list-en');
    const afterDefault = (await api<StoredAddress[]>('GET', '/app/addresses', token)).data;
    expect(afterDefault.map((address) => [address.id, address.isDefault])).toEqual([
      [saved.id, true],
      [expect.any(Number), false],
    ]);

    // Delete: "Keep it" keeps it; confirming deletes it.
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await peak.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Delete this address? This cannot be undone.').waitFor();
    // The dialog has finished opening before the picture.
    await untilStill(page);
    await shoot(page, 'address-delete-confirm-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await api<StoredAddress[]>('GET', '/app/addresses', token)).data).toHaveLength(2);
    await peak.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted').waitFor();
    await peak.waitFor({ state: 'detached' });
    const left = (await api<StoredAddress[]>('GET', '/app/addresses', token)).data;
    expect(left.map((address) => address.detail)).toEqual(['Riverside 12']);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('chooses an address while booking, and tells a user who refused location what to do', async () => {
    const { context, token } = await signedIn('en');
    const page = await context.newPage();
    const first = await api<StoredAddress>('POST', '/app/addresses', token, addressBody('Riverside 12'));
    await api('POST', '/app/addresses', token, addressBody('BKK1 street 278'));
    const base = journey.server.baseUrl;

    const booking = '/index/order/orderDet?therapistId=3';
    await page.goto(`${base}/my/address/selectAddressList?returnTo=${encodeURIComponent(booking)}`);
    await page.getByRole('button', { name: /Riverside 12/ }).click();
    await page.waitForURL(`**/index/order/orderDet?therapistId=3&addressId=${first.data.id}`);

    // No permission granted: "use my location" explains how to allow it.
    await page.goto(`${base}/my/address/mapaddress`);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page
      .getByRole('status')
      .getByText(/Location permission is off/)
      .waitFor();
    await context.close();
  });
});

const PAGES = [
  ['address-list', '/my/address/address'],
  ['address-add', '/my/address/Endaddress'],
  ['address-map', '/my/address/mapaddress'],
  ['address-select', `/my/address/selectAddressList?returnTo=${encodeURIComponent('/index/order/orderDet')}`],
] as const;

describe.skipIf(!SHOTS)('address screenshots at 390×844', () => {
  for (const language of ['en', 'km']) {
    it(`every address page in ${language}`, async () => {
      const { context, token }: { context: BrowserContext; token: string } = await signedIn(language);
      const empty = await context.newPage();
      await empty.goto(`${journey.server.baseUrl}/my/address/address`);
      await empty.locator('.empty-state').waitFor();
      await shoot(empty, `address-empty-${language}`);
      await empty.close();
      await api('POST', '/app/addresses', token, {
        ...addressBody('The Peak, Tower B, Tonle Bassac'),
        isDefault: true,
      });
      await api('POST', '/app/addresses', token, {
        ...addressBody('Villa 9, Street 21, Chroy Changvar'),
        placeType: 'villa',
        houseNumber: '9A',
      });
      const page = await context.newPage();
      for (const [name, path] of PAGES) {
        await page.goto(`${journey.server.baseUrl}${path}`);
        await page.locator('.page').first().waitFor();
        await shoot(page, `${name}-${language}`);
      }
      await page.goto(`${journey.server.baseUrl}/my/address/Endaddress`);
      await page.locator('.address-form__submit').click();
      await page.locator('.address-form [role="alert"]').first().waitFor();
      await shoot(page, `address-add-errors-${language}`);
      await page.goto(`${journey.server.baseUrl}/my`);
      await page.locator('.my-menu').waitFor();
      await shoot(page, `my-page-${language}`);
      await context.close();
    });
  }
});
