import type { AddressFormInput } from './address-form-schema';

/**
 * The address form's unsaved state while the user is on the map page (and back): kept in memory,
 * per address (`new` or its id), because picked photos are File objects that storage cannot hold.
 */
const drafts = new Map<string, Partial<AddressFormInput>>();

const keyOf = (id: number | undefined) => (id === undefined ? 'new' : String(id));

export const readDraft = (id: number | undefined) => drafts.get(keyOf(id));
export const saveDraft = (id: number | undefined, values: Partial<AddressFormInput>) =>
  void drafts.set(keyOf(id), values);
export const clearDraft = (id: number | undefined) => void drafts.delete(keyOf(id));

/** The map page's answer: the point, written into the draft the form reopens with. */
export function setDraftPoint(id: number | undefined, point: { lat: number; lng: number }) {
  drafts.set(keyOf(id), { ...drafts.get(keyOf(id)), lat: point.lat, lng: point.lng });
}
