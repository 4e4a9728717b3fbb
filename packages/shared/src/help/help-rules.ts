/**
 * Help centre and agreement rules the web app and the server share (issue #16 items 4–5, decision
 * 054). Zod-free, so the pages can read them without loading zod.
 */

/** The help centre's categories, in the order the list shows them; words in the web's `help` namespace. */
export const HELP_CATEGORIES = [
  'booking',
  'payment',
  'cancellation',
  'safety',
  'therapists',
  'account',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const MAX_HELP_TITLE = 120;
export const MAX_HELP_BODY = 8000;
export const MAX_HELP_QUERY = 60;

/** The agreements a user accepts: the user agreement, the privacy policy, the order agreement. */
export const AGREEMENT_KINDS = ['user', 'privacy', 'order'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** Signing up accepts these; ordering accepts the order agreement (and, if newer, these too). */
export const SIGN_UP_AGREEMENTS: readonly AgreementKind[] = ['user', 'privacy'];
export const ORDER_AGREEMENTS: readonly AgreementKind[] = ['user', 'privacy', 'order'];
/** A signed-in user is asked again (a blocking prompt) when one of these gets a new version. */
export const PROMPTED_AGREEMENTS: readonly AgreementKind[] = ['user', 'privacy'];

/** Where the acceptance happened. */
export const ACCEPTANCE_CONTEXTS = ['signUp', 'order', 'prompt'] as const;
export type AcceptanceContext = (typeof ACCEPTANCE_CONTEXTS)[number];
