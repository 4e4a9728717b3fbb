/**
 * Feedback rules the web app and the server share (issue #16 item 3, decision 053). Zod-free, so the
 * feedback pages can read them without loading zod.
 */

export const FEEDBACK_TYPES = [
  'suggestion',
  'appProblem',
  'orderProblem',
  'payment',
  'storeVisit',
  'other',
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The spec's feedback statuses, in their order: pending → processing → handled → closed. */
export const FEEDBACK_STATUSES = ['pending', 'processing', 'handled', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/**
 * Where customer service may move a feedback: only forward, and `closed` is final. A reply to a
 * pending one moves it to processing by itself.
 */
export const FEEDBACK_NEXT_STATUSES: Readonly<Record<FeedbackStatus, readonly FeedbackStatus[]>> = {
  pending: ['processing', 'handled', 'closed'],
  processing: ['handled', 'closed'],
  handled: ['closed'],
  closed: [],
};

export const canMoveFeedback = (from: FeedbackStatus, to: FeedbackStatus) =>
  FEEDBACK_NEXT_STATUSES[from].includes(to);

export const MAX_FEEDBACK_DESCRIPTION = 1000;
export const MAX_FEEDBACK_CONTACT = 100;
export const MAX_FEEDBACK_REPLY = 1000;
export const MAX_FEEDBACK_IMAGES = 4;
