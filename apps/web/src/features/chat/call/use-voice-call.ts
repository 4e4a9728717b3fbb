import {
  CALL_ACCEPTED_EVENT,
  CALL_ALIVE_INTERVAL_MS,
  CALL_CONNECT_TIMEOUT_MS,
  CALL_ENDED_EVENT,
  CALL_RING_TIMEOUT_MS,
  CALL_SIGNAL_EVENT,
  type CallOutcome,
  type CallSignalEvent,
} from '@sabai/shared/chat/call.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { myUserTopic, useRealtimeTopic } from '../../../lib/realtime/use-realtime-topic';
import { type Call, callApi, callDeviceId } from '../api/call-api';
import { startRingTone } from './ring-tone';

export type CallPhase = 'loading' | 'outgoing' | 'incoming' | 'connecting' | 'connected' | 'ended';
/** Why the call stopped on this side, beyond its outcome (a translation key under `call.`). */
export type CallProblem = 'connectFailed' | 'microphoneDenied' | 'answeredElsewhere' | 'loadFailed';

/** While ringing or connecting, the call's row is also read every few seconds: a lost event cannot strand a side. */
const POLL_MS = 3_000;

const isLive = (phase: CallPhase) => phase !== 'ended' && phase !== 'loading';

/**
 * One voice call on this device (decision 057): the call's steps go to the server over HTTP, the
 * other side's steps and its SDP/ICE come back on my `user:` topic over the socket. The caller
 * makes the offer once the callee accepted; the callee gets its microphone before accepting, so a
 * refused microphone declines instead of leaving the caller connecting. Ringing gives up after
 * 45 s, connecting after 20 s; leaving the page hangs up.
 */
export function useVoiceCall(callId: number, meId: number) {
  const [call, setCall] = useState<Call | null>(null);
  const [phase, setPhase] = useState<CallPhase>('loading');
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [isMuted, setMuted] = useState(false);
  const remoteAudio = useRef<HTMLAudioElement | null>(null);

  const deviceId = useRef(callDeviceId()).current;
  const phaseRef = useRef<CallPhase>('loading');
  const peer = useRef<RTCPeerConnection | null>(null);
  const localStream = useRef<MediaStream | null>(null);
  const pendingSignals = useRef<CallSignalEvent[]>([]);
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  const timers = useRef<number[]>([]);
  const stopTone = useRef<(() => void) | null>(null);
  const connectedAt = useRef<number | null>(null);

  // The helpers below read and write refs, not render state, so a timer or socket event that runs
  // one of them from an older render still acts on the call as it is now.
  const moveTo = (next: CallPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  const clearTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  };
  const later = (ms: number, work: () => void) => {
    timers.current.push(window.setTimeout(work, ms));
  };
  const every = (ms: number, work: () => void) => {
    timers.current.push(window.setInterval(work, ms));
  };

  const ringing = (kind: 'incoming' | 'outgoing' | null) => {
    stopTone.current?.();
    stopTone.current = kind ? startRingTone(kind) : null;
  };

  /** Stops everything on this device: media, the connection, the ring and the timers. */
  const teardown = () => {
    clearTimers();
    ringing(null);
    peer.current?.close();
    peer.current = null;
    for (const track of localStream.current?.getTracks() ?? []) track.stop();
    localStream.current = null;
  };

  const showEnded = (ended: Call | null, why: CallProblem | null = null) => {
    teardown();
    if (ended) setCall(ended);
    setOutcome(ended?.outcome ?? null);
    if (ended?.outcome === 'completed') setSeconds(ended.durationSeconds);
    if (why) setProblem(why);
    moveTo('ended');
  };

  /** Ends the call on the server (it picks the outcome from the call's state) and here. */
  const endCall = async (why: CallProblem | null = null) => {
    if (phaseRef.current === 'ended') return;
    teardown();
    moveTo('ended');
    if (why) setProblem(why);
    try {
      showEnded(await callApi.end(callId), why);
    } catch {
      showEnded(null, why);
    }
  };

  const sendSignal = (signal: Parameters<typeof callApi.signal>[1]) =>
    callApi.signal(callId, signal).catch(() => {
      // A relay refused because the call ended arrives as its ended event; nothing to do here.
    });

  const onConnected = () => {
    if (phaseRef.current !== 'connecting') return;
    clearTimers();
    moveTo('connected');
    connectedAt.current = Date.now();
    void callApi.connected(callId).catch(() => {});
    every(CALL_ALIVE_INTERVAL_MS, () => void callApi.connected(callId).catch(() => {}));
    every(1_000, () => setSeconds(Math.round((Date.now() - (connectedAt.current ?? Date.now())) / 1000)));
  };

  /** The microphone and a peer connection with the configured ICE servers. Null: the microphone was refused. */
  const preparePeer = async (): Promise<RTCPeerConnection | null> => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch {
      return null;
    }
    localStream.current = stream;
    const { iceServers } = await callApi.iceServers().catch(() => ({ iceServers: [] }));
    const connection = new RTCPeerConnection({ iceServers });
    peer.current = connection;
    for (const track of stream.getTracks()) connection.addTrack(track, stream);
    connection.onicecandidate = (event) => {
      if (event.candidate) void sendSignal({ kind: 'ice', candidate: event.candidate.toJSON() as never });
    };
    connection.ontrack = (event) => {
      if (remoteAudio.current && event.streams[0]) {
        remoteAudio.current.srcObject = event.streams[0];
        void remoteAudio.current.play().catch(() => {});
      }
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'connected') onConnected();
      else if (connection.connectionState === 'failed')
        void endCall(phaseRef.current === 'connected' ? null : 'connectFailed');
    };
    return connection;
  };

  const flushCandidates = async (connection: RTCPeerConnection) => {
    const waiting = pendingCandidates.current;
    pendingCandidates.current = [];
    for (const candidate of waiting) await connection.addIceCandidate(candidate).catch(() => {});
  };

  const handleSignal = async (event: CallSignalEvent) => {
    const connection = peer.current;
    if (!connection) {
      pendingSignals.current.push(event);
      return;
    }
    const { signal } = event;
    if (signal.kind === 'ice') {
      if (connection.remoteDescription) await connection.addIceCandidate(signal.candidate).catch(() => {});
      else pendingCandidates.current.push(signal.candidate);
      return;
    }
    await connection.setRemoteDescription(signal.description);
    await flushCandidates(connection);
    if (signal.description.type === 'offer') {
      const answer = await connection.createAnswer();
      await connection.setLocalDescription(answer);
      await sendSignal({ kind: 'sdp', description: { type: 'answer', sdp: answer.sdp ?? '' } });
    }
  };

  const startConnecting = () => {
    moveTo('connecting');
    ringing(null);
    clearTimers();
    // Spec: "connecting…" gives up after 20 s with a clear message.
    later(CALL_CONNECT_TIMEOUT_MS, () => {
      if (phaseRef.current === 'connecting') void endCall('connectFailed');
    });
  };

  /** Caller, once the callee answered: the offer. */
  const startAsCaller = async () => {
    if (peer.current || phaseRef.current !== 'outgoing') return;
    startConnecting();
    const connection = await preparePeer();
    if (!connection) return endCall('microphoneDenied');
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    await sendSignal({ kind: 'sdp', description: { type: 'offer', sdp: offer.sdp ?? '' } });
  };

  /** Callee: microphone first, then accept; the caller's offer follows. */
  const accept = async () => {
    if (phaseRef.current !== 'incoming') return;
    startConnecting();
    const connection = await preparePeer();
    if (!connection) return endCall('microphoneDenied');
    try {
      setCall(await callApi.accept(callId, deviceId));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.callAlreadyAnswered.code)
        return showEnded(null, 'answeredElsewhere');
      return showEnded(await callApi.get(callId).catch(() => null));
    }
    const waiting = pendingSignals.current;
    pendingSignals.current = [];
    for (const event of waiting) await handleSignal(event);
  };

  /** Reads the call's row and moves this device to match it. */
  const sync = async () => {
    let current: Call;
    try {
      current = await callApi.get(callId);
    } catch {
      if (phaseRef.current === 'loading') {
        setProblem('loadFailed');
        moveTo('ended');
      }
      return;
    }
    setCall(current);
    const isCaller = current.callerId === meId;
    const phaseNow = phaseRef.current;
    if (current.state === 'ended') {
      if (phaseNow !== 'ended') showEnded(current);
      return;
    }
    if (phaseNow === 'loading') {
      if (current.state === 'ringing') {
        moveTo(isCaller ? 'outgoing' : 'incoming');
        ringing(isCaller ? 'outgoing' : 'incoming');
        if (isCaller) later(CALL_RING_TIMEOUT_MS, () => void endCall());
        else later(CALL_RING_TIMEOUT_MS + POLL_MS, () => void sync());
        return;
      }
      if (current.state === 'accepted' && isCaller && current.callerDevice === deviceId) {
        moveTo('outgoing');
        return void startAsCaller();
      }
      // A reloaded page cannot rejoin a call's media: that call is over for this device.
      return void endCall();
    }
    if (phaseNow === 'outgoing' && current.state !== 'ringing' && isCaller) return void startAsCaller();
    if (phaseNow === 'incoming' && current.state !== 'ringing' && current.calleeDevice !== deviceId)
      showEnded(null, 'answeredElsewhere');
  };
  const latest = useRef({ sync, teardown });
  latest.current = { sync, teardown };

  useRealtimeTopic(
    myUserTopic(),
    (event: RealtimeEventMessage) => {
      const payload = event.payload as { callId?: number } | null;
      if (payload?.callId !== callId) return;
      if (event.type === CALL_SIGNAL_EVENT) {
        const signalEvent = event.payload as CallSignalEvent;
        if (signalEvent.toDevice === deviceId && isLive(phaseRef.current)) void handleSignal(signalEvent);
        return;
      }
      if (event.type === CALL_ACCEPTED_EVENT || event.type === CALL_ENDED_EVENT) void sync();
    },
    { onResync: () => void sync() },
  );

  useEffect(() => {
    // A fresh mount (React's development double mount too) starts from the server's state.
    phaseRef.current = 'loading';
    void latest.current.sync();
    const poll = window.setInterval(() => {
      const current = phaseRef.current;
      if (current === 'outgoing' || current === 'incoming' || current === 'connecting')
        void latest.current.sync();
    }, POLL_MS);
    return () => {
      window.clearInterval(poll);
      // Leaving the page hangs up: its media goes with it.
      if (isLive(phaseRef.current)) void callApi.end(callId).catch(() => {});
      phaseRef.current = 'ended';
      latest.current.teardown();
    };
  }, [callId]);

  const toggleMute = () => {
    const next = !isMuted;
    for (const track of localStream.current?.getAudioTracks() ?? []) track.enabled = !next;
    setMuted(next);
  };

  return {
    call,
    phase,
    outcome,
    problem,
    seconds,
    isMuted,
    remoteAudio,
    accept: () => void accept(),
    hangUp: () => void endCall(),
    toggleMute,
  };
}
