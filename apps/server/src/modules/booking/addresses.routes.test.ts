import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addressBody } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();

const create = async (token: string, overrides: Record<string, unknown> = {}) =>
  (await call(app, { method: 'POST', url: '/app/addresses', token, payload: addressBody(overrides) })).json();
const list = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/addresses', token })).json();

function upload(token: string, id: number, data: Buffer, filename = 'door.jpg', contentType = 'image/jpeg') {
  const boundary = '----sabai-address-boundary';
  return call(app, {
    method: 'POST',
    url: `/app/addresses/${id}/photos`,
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** A JPEG carrying EXIF metadata (camera, and so on) that must not survive the upload. */
const photoWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Artist: 'Dara at home' } })
    .toBuffer();

describe('addresses', () => {
  it('adds, lists, edits, makes default and deletes only the owner’s addresses', async () => {
    const owner = await registerUser(app);
    const first = await create(owner.token, { isDefault: true });
    expect(first).toMatchObject({
      code: 0,
      data: { phoneE164: '+85512345678', isDefault: true, placeType: 'house' },
    });
    const second = await create(owner.token, { detail: 'Riverside', isDefault: true });
    const addresses = (await list(owner.token)).data;
    expect(addresses.map((row: { id: number; isDefault: boolean }) => [row.id, row.isDefault])).toEqual([
      [second.data.id, true],
      [first.data.id, false],
    ]);

    const edited = await call(app, {
      method: 'PUT',
      url: `/app/addresses/${first.data.id}`,
      token: owner.token,
      payload: addressBody({ placeType: 'villa', houseNumber: '12B', arrivalNotes: 'Gate code 4711' }),
    });
    expect(edited.json().data).toMatchObject({
      placeType: 'villa',
      houseNumber: '12B',
      arrivalNotes: 'Gate code 4711',
    });
    const madeDefault = await call(app, {
      method: 'POST',
      url: `/app/addresses/${first.data.id}/default`,
      token: owner.token,
    });
    expect(madeDefault.json().data.isDefault).toBe(true);
    expect(
      (await list(owner.token)).data.filter((row: { isDefault: boolean }) => row.isDefault),
    ).toHaveLength(1);

    const stranger = await registerUser(app);
    expect((await list(stranger.token)).data).toEqual([]);
    for (const [method, url] of [
      ['PUT', `/app/addresses/${first.data.id}`],
      ['DELETE', `/app/addresses/${first.data.id}`],
      ['POST', `/app/addresses/${first.data.id}/default`],
    ] as const) {
      const response = await call(app, {
        method,
        url,
        token: stranger.token,
        ...(method === 'PUT' ? { payload: addressBody() } : {}),
      });
      expect(response.json().code, `${method} ${url}`).toBe(ERROR_CODES.notFound.code);
    }
    const photo = await upload(stranger.token, first.data.id, await photoWithExif());
    expect(photo.json().code).toBe(ERROR_CODES.notFound.code);

    const deleted = await call(app, {
      method: 'DELETE',
      url: `/app/addresses/${second.data.id}`,
      token: owner.token,
    });
    expect(deleted.json().code).toBe(0);
    expect((await list(owner.token)).data.map((row: { id: number }) => row.id)).toEqual([first.data.id]);
    const again = await call(app, {
      method: 'DELETE',
      url: `/app/addresses/${second.data.id}`,
      token: owner.token,
    });
    expect(again.json().code).toBe(ERROR_CODES.notFound.code);
  });

  it.each(['villa', 'apartment'])(
    'requires a house number for a %s, in the database too',
    async (placeType) => {
      const { token, user } = await registerUser(app);
      const refused = await create(token, { placeType, houseNumber: '  ' });
      expect(refused.code).toBe(ERROR_CODES.houseNumberRequired.code);
      expect(refused.msg).toMatch(/house number/i);
      expect((await create(token, { placeType: 'condo' })).code).toBe(0);
      await expect(
        database.db.execute(sql`insert into addresses (user_id, contact_name, gender_title, phone_e164, place_type, detail, latitude, longitude)
        values (${user.id}, 'A', 'ms', '+85512345678', ${placeType}, 'x', 11.5, 104.9)`),
      ).rejects.toThrow();
    },
  );

  it('refuses a phone that is not a mobile of the chosen country', async () => {
    const { token } = await registerUser(app);
    expect((await create(token, { phone: '12345' })).code).toBe(ERROR_CODES.phoneInvalid.code);
  });

  it('re-encodes photos without their metadata and refuses the sixth and anything that is not an image', async () => {
    const { token } = await registerUser(app);
    const address = (await create(token)).data;
    expect((await sharp(await photoWithExif()).metadata()).exif).toBeDefined();
    for (let count = 1; count <= 5; count++) {
      const response = await upload(token, address.id, await photoWithExif());
      expect(response.json().code, `photo ${count}`).toBe(0);
      expect(response.json().data.photos).toHaveLength(count);
    }
    const stored = (await list(token)).data[0].photos[0];
    expect(stored.url).toMatch(/^\/app\/uploads\/addresses\/\d+-\d+-[0-9a-f]{16}\.webp$/);
    const served = await app.inject({ method: 'GET', url: stored.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const sixth = await upload(token, address.id, await photoWithExif());
    expect(sixth.json().code).toBe(ERROR_CODES.addressPhotoLimit.code);
    expect(sixth.json().msg).toContain('5');

    const other = (await create(token)).data;
    const fake = await upload(token, other.id, Buffer.from('<svg onload=alert(1)>'), 'x.jpg');
    expect(fake.json().code).toBe(ERROR_CODES.imageInvalid.code);
  });

  it("removes a photo by its key, only from the owner's address, and then accepts another", async () => {
    const { token } = await registerUser(app);
    const stranger = await registerUser(app);
    const address = (await create(token)).data;
    await upload(token, address.id, await photoWithExif());
    // Another picture: the same bytes would be stored under the same key.
    const otherPicture = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#993366' },
    })
      .png()
      .toBuffer();
    const second = (await upload(token, address.id, otherPicture, 'gate.png', 'image/png')).json().data;
    const [first, kept] = second.photos;
    const remove = (caller: string, key: string) =>
      call(app, {
        method: 'DELETE',
        url: `/app/addresses/${address.id}/photos?key=${encodeURIComponent(key)}`,
        token: caller,
      });

    expect((await remove(stranger.token, first.key)).json().code).toBe(ERROR_CODES.notFound.code);
    const removed = (await remove(token, first.key)).json();
    expect(removed.code).toBe(0);
    expect(removed.data.photos.map((photo: { key: string }) => photo.key)).toEqual([kept.key]);
    expect((await remove(token, first.key)).json().code).toBe(ERROR_CODES.notFound.code);
    expect((await list(token)).data[0].photos).toHaveLength(1);
  });

  it('is refused to a caller who is not logged in', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/addresses' });
    expect(response.json().code).toBe(ERROR_CODES.unauthenticated.code);
  });
});
