import { z } from 'zod';
import { idSchema } from '../input';

/** Spec: an unanswered call rings this long, then ends as "not answered". */
export const CALL_RING_TIMEOUT_MS = 45_000;
/** After "accept", the two sides have this long to connect, then the call ends as "not connected". */
export const CALL_CONNECT_TIMEOUT_MS = 20_000;
/** A connected side says it is alive this often; a call silent for three beats is ended by the server. */
export const CALL_ALIVE_INTERVAL_MS = 10_000;
export const CALL_SILENT_LIMIT_MS = 3 * CALL_ALIVE_INTERVAL_MS;

/** Realtime events on the two members' `user:<id>` topics. */
export const CALL_RING_EVENT = 'call.ring';
export const CALL_ACCEPTED_EVENT = 'call.accepted';
export const CALL_CONNECTED_EVENT = 'call.connected';
export const CALL_ENDED_EVENT = 'call.ended';
/** A passing relay of an SDP offer/answer or an ICE candidate: not logged, not replayed. */
export const CALL_SIGNAL_EVENT = 'call.signal';

export const callStates = ['ringing', 'accepted', 'connected', 'ended'] as const;
export const callOutcomes = ['cancelled', 'rejected', 'notAnswered', 'notConnected', 'completed'] as const;
export type CallOutcome = (typeof callOutcomes)[number];

/** A tab's own id: the answering device gets the signals; the caller's other tabs stay quiet. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const startCallSchema = z.object({ conversationId: idSchema, deviceId: deviceIdSchema });
export const acceptCallSchema = z.object({ deviceId: deviceIdSchema });

const sdpSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(20_000) });
const iceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export const callSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sdp'), description: sdpSchema }),
  z.object({ kind: z.literal('ice'), candidate: iceCandidateSchema }),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;

export const callSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  callerId: z.number().int(),
  calleeId: z.number().int(),
  state: z.enum(callStates),
  outcome: z.enum(callOutcomes).nullable(),
  callerDevice: z.string(),
  calleeDevice: z.string().nullable(),
  /** The other member, as the reader sees them. */
  peer: z.object({ id: z.number().int(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  createTime: z.string(),
  acceptTime: z.string().nullable(),
  connectTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Whole seconds between connecting and the end (0 until it ends connected). */
  durationSeconds: z.number().int(),
});
export type Call = z.infer<typeof callSchema>;

/** `call.signal` payload: who it is from and for which device. */
export const callSignalEventSchema = z.object({
  callId: z.number().int(),
  fromUid: z.number().int(),
  toDevice: z.string().nullable(),
  signal: callSignalSchema,
});
export type CallSignalEvent = z.infer<typeof callSignalEventSchema>;

/** RTCIceServer, as the browser takes it. TURN entries carry short-lived credentials. */
export const iceServersSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** When the TURN credentials stop working (ISO time); null when no TURN server is configured. */
  expiresAt: z.string().nullable(),
});
export type IceServers = z.infer<typeof iceServersSchema>;

/** A call outcome message's body (message type `call`): the client renders it in the reader's language. */
export const callMessageBodySchema = z.object({
  outcome: z.enum(callOutcomes),
  durationSeconds: z.number().int().nonnegative(),
  callId: z.number().int(),
});
export type CallMessageBody = z.infer<typeof callMessageBodySchema>;

/** The body of a call message, or null when it is not one (a revoked or malformed body). */
export function parseCallMessageBody(body: string): CallMessageBody | null {
  try {
    const parsed = callMessageBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "m:ss" (or "h:mm:ss") for a call's length. */
export function formatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
