import {
  addressBodySchema,
  GENDER_TITLES,
  MAX_ADDRESS_PHOTOS,
  PLACE_TYPES,
  PLACE_TYPES_NEEDING_HOUSE_NUMBER,
  type PlaceType,
} from '@sabai/shared/booking/booking.schemas';
import { z } from 'zod';

/**
 * The address form's schema: the shared request schema (the server checks the same), with the
 * form's own fields (photos, a point not chosen yet) and messages that are keys of the `addresses`
 * namespace, translated where shown.
 */
const message = (key: string) => `addresses:${key}`;

export { GENDER_TITLES, MAX_ADDRESS_PHOTOS, PLACE_TYPES, type PlaceType };

/** A photo already on the address (`saved`), or one picked here and uploaded on save (`new`). */
export type PhotoItem =
  | { kind: 'saved'; id: string; key: string; url: string }
  | { kind: 'new'; id: string; file: File; previewUrl: string };

export const needsHouseNumber = (placeType: PlaceType | undefined) =>
  placeType !== undefined && PLACE_TYPES_NEEDING_HOUSE_NUMBER.includes(placeType);

// libphonenumber's metadata is large: fetched at the first check (as identity's forms do).
const loadPhoneRules = () => import('@sabai/shared/phone');

export const addressForm = addressBodySchema
  .extend({
    contactName: z
      .string()
      .trim()
      .min(1, message('errors.contactNameRequired'))
      .max(64, message('errors.tooLong')),
    genderTitle: z.enum(GENDER_TITLES, { error: message('errors.genderTitleRequired') }),
    phone: z.string().trim().min(1, message('errors.phoneRequired')),
    placeType: z.enum(PLACE_TYPES, { error: message('errors.placeTypeRequired') }),
    detail: z.string().trim().min(1, message('errors.detailRequired')).max(300, message('errors.tooLong')),
    lat: z
      .number({ error: message('errors.pointRequired') })
      .min(-90)
      .max(90),
    lng: z
      .number({ error: message('errors.pointRequired') })
      .min(-180)
      .max(180),
    photos: z.array(z.custom<PhotoItem>()).max(MAX_ADDRESS_PHOTOS, message('photos.limit')),
  })
  // `when`: these run even while another field is still wrong, so every problem shows at once.
  .superRefine(
    async (value, context) => {
      if (needsHouseNumber(value.placeType) && !value.houseNumber?.trim()) {
        context.addIssue({
          code: 'custom',
          path: ['houseNumber'],
          message: message('errors.houseNumberRequired'),
        });
      }
      if (typeof value.phone !== 'string' || !value.phone.trim()) return;
      const { normaliseMobile } = await loadPhoneRules();
      if (!normaliseMobile(value.phone, String(value.areaCode ?? ''))) {
        context.addIssue({ code: 'custom', path: ['phone'], message: message('errors.phoneInvalid') });
      }
    },
    { when: () => true },
  );

export type AddressFormInput = z.input<typeof addressForm>;
export type AddressFormValues = z.output<typeof addressForm>;

/** The order problems are looked at (and the first one shown). */
export const FIELD_ORDER = [
  'contactName',
  'genderTitle',
  'phone',
  'placeType',
  'detail',
  'houseNumber',
  'arrivalNotes',
  'photos',
  'lat',
  'lng',
] as const;
