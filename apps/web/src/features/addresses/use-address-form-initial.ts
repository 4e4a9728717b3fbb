import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clearDraft, readDraft } from './address-draft';
import type { AddressFormInput, PhotoItem } from './address-form-schema';
import type { Address } from './api/addresses-api';

/** Who the address is for when nothing is known yet: the signed-in user's own number, say. */
export interface NewAddressDefaults {
  contactName?: string;
  areaCode: string;
  phone?: string;
}

const blank = (defaults: NewAddressDefaults): AddressFormInput =>
  ({
    contactName: defaults.contactName ?? '',
    genderTitle: undefined,
    areaCode: defaults.areaCode,
    phone: defaults.phone ?? '',
    placeType: 'house',
    detail: '',
    houseNumber: '',
    arrivalNotes: '',
    lat: undefined,
    lng: undefined,
    isDefault: false,
    photos: [],
  }) as unknown as AddressFormInput;

function fromAddress(address: Address, split: (e164: string) => { areaCode: string; national: string }) {
  const phone = split(address.phoneE164);
  return {
    contactName: address.contactName,
    genderTitle: address.genderTitle as AddressFormInput['genderTitle'],
    areaCode: phone.areaCode,
    phone: phone.national,
    placeType: address.placeType,
    detail: address.detail,
    houseNumber: address.houseNumber,
    arrivalNotes: address.arrivalNotes,
    lat: address.lat,
    lng: address.lng,
    isDefault: address.isDefault,
    photos: address.photos.map((photo): PhotoItem => ({ kind: 'saved', id: photo.key, ...photo })),
  } satisfies AddressFormInput;
}

/**
 * The form's starting values: the draft left when the user went to the map (taken once), else the
 * saved address (its stored number split back into country and national number), else a blank one.
 * Undefined while the address or the phone rules are still loading.
 */
export function useAddressFormInitial(
  id: number | undefined,
  address: Address | undefined,
  defaults: NewAddressDefaults,
): AddressFormInput | undefined {
  const [draft] = useState(() => readDraft(id));
  useEffect(() => clearDraft(id), [id]);
  // libphonenumber loads with the form (the phone field needs it anyway).
  const phoneRules = useQuery({
    queryKey: ['phone-rules'],
    queryFn: () => import('@sabai/shared/phone'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: id !== undefined,
  });
  if (id === undefined) return { ...blank(defaults), ...draft } as AddressFormInput;
  if (!address || !phoneRules.data) return undefined;
  return { ...fromAddress(address, phoneRules.data.splitE164), ...draft };
}
