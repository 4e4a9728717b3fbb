import type { CallOutcome } from '@sabai/shared/chat/call.schemas';
import { CALL_RING_STOPS, type CallRingStop } from '@sabai/shared/chat/call-push';

/** A call that has just started ringing, with what a notification shows of its caller. */
export interface RingingCall {
  callId: number;
  conversationId: number;
  callerId: number;
  calleeId: number;
  caller: { nickname: string; avatarUrl: string | null };
  /** When the ring gives up (45 s after it started). */
  expiresAt: Date;
}

/**
 * The hook for ringing a callee whose app is in the background (Web Push, decision 063): `ring` is
 * called after a call is committed as ringing, `stopped` after it stops ringing (cancelled,
 * rejected, not answered, or answered on one of the callee's devices) so the others stop showing
 * it. The in-app ring needs nothing from it (it goes over the socket). Both run after the commit,
 * unawaited: failures are logged and never hold up or stop the call.
 */
export interface IncomingCallNotifier {
  ring(call: RingingCall): Promise<void>;
  stopped(call: { callId: number; calleeId: number; reason: CallRingStop }): Promise<void>;
}

/** Without Web Push: the in-app ring over the socket is the only ring. */
export const socketOnlyCallNotifier: IncomingCallNotifier = { ring: async () => {}, stopped: async () => {} };

/** The outcomes a call that was still ringing ends with. */
export const isRingStop = (outcome: CallOutcome | null | undefined): outcome is CallOutcome & CallRingStop =>
  CALL_RING_STOPS.includes(outcome as CallRingStop);
