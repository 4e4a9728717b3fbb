import { createHomeVisitBodySchema, createInStoreBodySchema } from '@sabai/shared/booking/booking.schemas';
import { z } from 'zod';

/**
 * The booking forms: the shared create bodies, with the messages this page shows (i18n keys) for
 * what a customer can leave out — the start, the address, the contact, the agreement (spec section 5).
 * Field order is the order problems are reported in.
 */
const startsAt = z
  .string({ error: 'booking:errors.chooseTime' })
  .min(1, { error: 'booking:errors.chooseTime' });
const agreeTerms = z.literal(true, { error: 'booking:errors.acceptAgreement' });

export const homeVisitFormSchema = createHomeVisitBodySchema.extend({
  startsAt,
  addressId: z.number({ error: 'booking:errors.chooseAddress' }).int().min(1),
  contactName: z
    .string()
    .trim()
    .min(1, { error: 'booking:errors.contactName' })
    .max(64, { error: 'booking:errors.contactName' }),
  agreeTerms,
});
export type HomeVisitForm = z.input<typeof homeVisitFormSchema>;

export const inStoreFormSchema = createInStoreBodySchema.extend({ startsAt, agreeTerms });
export type InStoreForm = z.input<typeof inStoreFormSchema>;

/**
 * What the customer typed survives the trip to the address chooser and back (and a reload): kept in
 * session storage per booking (the tab's own, gone with it), restored under what the URL says.
 */
const DRAFT_PREFIX = 'sabai.booking.draft.';

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readDraft<T extends object>(key: string): Partial<T> {
  const raw = sessionStore()?.getItem(DRAFT_PREFIX + key);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

export function writeDraft(key: string, value: object): void {
  try {
    sessionStore()?.setItem(DRAFT_PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or blocked store only loses the draft.
  }
}

export function clearDraft(key: string): void {
  sessionStore()?.removeItem(DRAFT_PREFIX + key);
}
