import {
  CALL_ENDED_PUSH,
  type CallEndedPush,
  INCOMING_CALL_PUSH,
  type IncomingCallPush,
} from '@sabai/shared/chat/call-push';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import type { IncomingCallNotifier } from '../chat';
import type { PushService } from './push.service';

/** The ended push outlives a ring a little: a phone that wakes late still closes the notification. */
const ENDED_TTL_SECONDS = 60;

/**
 * Rings a callee's browsers by Web Push (decision 063): an "incoming call" push with the caller,
 * the call and the ring's expiry, in each browser's language, and a "call ended" push when the call
 * stops ringing, so the notification with the call's tag closes. Both urgent, each with a TTL no
 * longer than it is worth: a ring delivered after its 45 s is nothing to answer.
 */
export function createCallPushNotifier(deps: {
  push: Pick<PushService, 'sendToUser'>;
  clock: Clock;
}): IncomingCallNotifier {
  /** Rings still being sent, per call: an ended push goes out after its ring, never before it. */
  const ringsInFlight = new Map<number, Promise<unknown>>();

  return {
    async ring(call) {
      const ttlSeconds = Math.ceil((call.expiresAt.getTime() - deps.clock.now().getTime()) / 1000);
      if (ttlSeconds <= 0) return;
      const sending = deps.push.sendToUser(
        call.calleeId,
        (language): IncomingCallPush => {
          const name = call.caller.nickname.trim() || translate(language, 'push:calls.someone');
          return {
            kind: INCOMING_CALL_PUSH,
            callId: call.callId,
            conversationId: call.conversationId,
            caller: { id: call.callerId, nickname: call.caller.nickname, avatarUrl: call.caller.avatarUrl },
            expiresAt: call.expiresAt.toISOString(),
            title: translate(language, 'push:calls.incomingTitle'),
            body: translate(language, 'push:calls.incomingBody', { name }),
            actions: {
              answer: translate(language, 'push:calls.answer'),
              decline: translate(language, 'push:calls.decline'),
            },
          };
        },
        { ttlSeconds, urgency: 'high' },
      );
      ringsInFlight.set(
        call.callId,
        sending.catch(() => {}),
      );
      try {
        await sending;
      } finally {
        ringsInFlight.delete(call.callId);
      }
    },

    async stopped(call) {
      await ringsInFlight.get(call.callId);
      await deps.push.sendToUser(
        call.calleeId,
        (): CallEndedPush => ({ kind: CALL_ENDED_PUSH, callId: call.callId, reason: call.reason }),
        { ttlSeconds: ENDED_TTL_SECONDS, urgency: 'high' },
      );
    },
  };
}
