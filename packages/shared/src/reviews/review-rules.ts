/**
 * Review and complaint rules the web app and the server share (issue #16, decision 049). Zod-free,
 * so the order pages can read them without loading zod.
 */

/** The spec's limit: at most 3 tags; a review needs at least one. */
export const MAX_REVIEW_TAGS = 3;
export const MAX_REVIEW_PHOTOS = 6;
export const MAX_COMPLAINT_IMAGES = 6;
export const MAX_REVIEW_TEXT = 500;
export const MAX_COMPLAINT_TITLE = 60;
export const MAX_COMPLAINT_CONTENT = 1000;
/** A review can be changed for this long after it was written. */
export const REVIEW_EDIT_WINDOW_HOURS = 48;
/** A complaint can be opened up to this long after the order ended. */
export const COMPLAINT_WINDOW_DAYS = 7;

/** The localised tag list: codes here, words in the web's `reviews` namespace. */
export const REVIEW_TAGS = [
  'professional',
  'punctual',
  'skilful',
  'friendly',
  'clean',
  'relaxing',
  'goodValue',
  'wouldBookAgain',
] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const COMPLAINT_TYPES = ['service', 'attitude', 'lateness', 'safety', 'billing', 'other'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/** The spec's complaint statuses: pending review → handled | rejected. */
export const COMPLAINT_STATUSES = ['pending', 'handled', 'rejected'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Upload keys of review and complaint images: ours, per user, content-hashed. */
export const CARE_IMAGE_KEY = /^care\/[0-9]+-[0-9a-f]{16}\.webp$/;
