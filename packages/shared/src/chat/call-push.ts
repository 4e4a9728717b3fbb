/**
 * The Web Push payloads of a voice call (decision 063): the callee's browsers are rung while the
 * app is in the background, and told when the ring stops so the notification closes. The service
 * worker (apps/web/public/push-sw.js, plain JS) reads these by `kind`; the spec's order pushes
 * have no `kind`. Zod-free: the server writes them, the worker and the tests read them.
 */
export const INCOMING_CALL_PUSH = 'incomingCall';
export const CALL_ENDED_PUSH = 'callEnded';

/** The notification's tag for one call: the ended push closes the ring with the same tag. */
export const callNotificationTag = (callId: number) => `call-${callId}`;

export interface IncomingCallPush {
  kind: typeof INCOMING_CALL_PUSH;
  callId: number;
  conversationId: number;
  caller: { id: number; nickname: string; avatarUrl: string | null };
  /** When the ring ends (ISO time, 45 s after it started): a push arriving later is ignored. */
  expiresAt: string;
  /** In the language the browser subscribed in, like the order pushes. */
  title: string;
  body: string;
  actions: { answer: string; decline: string };
}

/** Why a call stopped ringing: its unanswered outcomes, or answered on one of the callee's devices. */
export const CALL_RING_STOPS = ['cancelled', 'rejected', 'notAnswered', 'answered'] as const;
export type CallRingStop = (typeof CALL_RING_STOPS)[number];

export interface CallEndedPush {
  kind: typeof CALL_ENDED_PUSH;
  callId: number;
  reason: CallRingStop;
}

/** What the notification's tap asks the call page to do (`intent` in chat/voiceCall's query). */
export const CALL_INTENTS = ['answer', 'decline'] as const;
export type CallIntent = (typeof CALL_INTENTS)[number];
