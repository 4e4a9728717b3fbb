import { CALL_RING_EVENT } from '@sabai/shared/chat/call.schemas';
import { INCOMING_CALL_PUSH } from '@sabai/shared/chat/call-push';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as paths from '../../../lib/paths';
import { myUserTopic, useRealtimeTopic } from '../../../lib/realtime/use-realtime-topic';
import { readStored, STORAGE_KEYS } from '../../../lib/storage';
import { callApi } from '../api/call-api';

/**
 * Rings in the app: a call ringing for me opens the call page (accept / decline), from the socket
 * while the app is open (or from the service worker, which passes on a pushed ring while a window
 * is visible), or on opening the app while it still rings. A callee whose app is in the background
 * is rung by Web Push: the service worker's notification (decision 063), not from here.
 */
export default function IncomingCallWatcher() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = readStored<{ id?: number }>(STORAGE_KEYS.userInfo);
  const isOnCallPage = pathname === paths.chatVoiceCall.path;

  const open = (callId: number) => {
    if (window.location.pathname !== paths.chatVoiceCall.path) navigate(paths.chatVoiceCall.href(callId));
  };

  useRealtimeTopic(me ? myUserTopic() : null, (event) => {
    if (event.type !== CALL_RING_EVENT) return;
    const ring = event.payload as { callId?: number; calleeId?: number } | null;
    if (ring?.callId && ring.calleeId === me?.id) open(ring.callId);
  });

  // The service worker passes on a ring pushed while a window is visible (decision 063): a second
  // way to the same ring, for a socket that lags or reconnects.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` reads the current location itself
  useEffect(() => {
    if (!me || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (
      event: MessageEvent<{ kind?: string; payload?: { kind?: string; callId?: unknown } }>,
    ) => {
      const payload = event.data?.kind === 'sabai-call' ? event.data.payload : null;
      if (payload?.kind !== INCOMING_CALL_PUSH) return;
      const callId = Number(payload.callId);
      if (Number.isSafeInteger(callId) && callId > 0) open(callId);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [me?.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per signed-in user, on opening the app
  useEffect(() => {
    if (!me || isOnCallPage) return;
    let isCurrent = true;
    callApi
      .current()
      .then((call) => {
        if (isCurrent && call?.state === 'ringing' && call.calleeId === me.id) open(call.id);
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [me?.id]);

  return null;
}
