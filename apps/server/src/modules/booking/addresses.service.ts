import { createHash } from 'node:crypto';
import {
  type Address,
  type AddressBody,
  MAX_ADDRESS_PHOTOS,
  PLACE_TYPES_NEEDING_HOUSE_NUMBER,
} from '@sabai/shared/booking/booking.schemas';
import { normaliseMobile } from '@sabai/shared/phone';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';
import type { AddressRow, BookingRepository } from './booking.repository';

export const ADDRESS_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_LONG_SIDE = 1600;

export const addressPhotoUrl = (key: string) => `/app/uploads/${key}`;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    contactName: row.contactName,
    genderTitle: row.genderTitle,
    phoneE164: row.phoneE164,
    placeType: row.placeType,
    detail: row.detail,
    houseNumber: row.houseNumber,
    arrivalNotes: row.arrivalNotes,
    photos: row.photoKeys.map((key) => ({ key, url: addressPhotoUrl(key) })),
    isDefault: row.isDefault,
    lat: row.latitude,
    lng: row.longitude,
  };
}

function checkedFields(body: AddressBody) {
  const mobile = normaliseMobile(body.phone, body.areaCode);
  if (!mobile) throw new AppError('phoneInvalid');
  if (PLACE_TYPES_NEEDING_HOUSE_NUMBER.includes(body.placeType) && !body.houseNumber) {
    throw new AppError('houseNumberRequired');
  }
  return {
    contactName: body.contactName,
    genderTitle: body.genderTitle,
    phoneE164: mobile.e164,
    placeType: body.placeType,
    detail: body.detail,
    houseNumber: body.houseNumber,
    arrivalNotes: body.arrivalNotes,
    latitude: body.lat,
    longitude: body.lng,
  };
}

/** A customer's addresses: only the owner ever sees or changes one (anyone else's id is "not found"). */
export function createAddressesService(deps: {
  repository: BookingRepository;
  clock: Clock;
  storage: FileStorage;
}) {
  const { repository, clock } = deps;

  async function ownAddress(me: AuthUser, id: number): Promise<AddressRow> {
    const row = await repository.findAddress(me.id, id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  return {
    async list(me: AuthUser): Promise<Address[]> {
      return (await repository.listAddresses(me.id)).map(toAddress);
    },

    async create(me: AuthUser, body: AddressBody): Promise<Address> {
      const fields = checkedFields(body);
      const row = await repository.insertAddress(me.id, fields, body.isDefault, clock.now());
      return toAddress(row);
    },

    async update(me: AuthUser, id: number, body: AddressBody): Promise<Address> {
      await ownAddress(me, id);
      const row = await repository.updateAddress(me.id, id, checkedFields(body), body.isDefault, clock.now());
      if (!row) throw new AppError('notFound');
      return toAddress(row);
    },

    async remove(me: AuthUser, id: number): Promise<void> {
      if (!(await repository.softDeleteAddress(me.id, id, clock.now()))) throw new AppError('notFound');
    },

    async setDefault(me: AuthUser, id: number): Promise<Address> {
      await ownAddress(me, id);
      const row = await repository.setDefaultAddress(me.id, id, clock.now());
      if (!row) throw new AppError('notFound');
      return toAddress(row);
    },

    /** Takes a photo off the address; a key the address does not have answers "not found". */
    async removePhoto(me: AuthUser, id: number, key: string): Promise<Address> {
      await ownAddress(me, id);
      const row = await repository.removeAddressPhoto(me.id, id, key, clock.now());
      if (!row) throw new AppError('notFound');
      return toAddress(row);
    },

    /** Same checks as avatars: the content must be an image; it is re-encoded, which drops its metadata. */
    async addPhoto(me: AuthUser, id: number, upload: Buffer): Promise<Address> {
      const address = await ownAddress(me, id);
      if (address.photoKeys.length >= MAX_ADDRESS_PHOTOS) {
        throw new AppError('addressPhotoLimit', { limit: MAX_ADDRESS_PHOTOS });
      }
      const webp = await reencodeUploadedImage(upload, PHOTO_LONG_SIDE);
      const digest = createHash('sha256').update(webp).digest('hex').slice(0, 16);
      const key = `addresses/${me.id}-${id}-${digest}.webp`;
      await deps.storage.put(key, webp);
      // The limit is checked again in the update itself, so two uploads at once cannot make six.
      const row = await repository.appendAddressPhoto(me.id, id, key, MAX_ADDRESS_PHOTOS, clock.now());
      if (!row) throw new AppError('addressPhotoLimit', { limit: MAX_ADDRESS_PHOTOS });
      return toAddress(row);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
