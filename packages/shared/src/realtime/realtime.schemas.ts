import { z } from 'zod';

/** The WebSocket endpoint; the session token goes in the `token` query parameter or a subprotocol. */
export const REALTIME_PATH = '/ws';
/** The subprotocol the server answers with; offer it first, then `token.<session token>`. */
export const REALTIME_PROTOCOL = 'sabai.v1';
export const REALTIME_TOKEN_PROTOCOL_PREFIX = 'token.';

/** `<prefix>:<id>`, e.g. `user:7`, `order:12`, `conversation:c-31`; each prefix has its own authorizer. */
export const topicSchema = z.string().regex(/^[a-z]+:[A-Za-z0-9_-]{1,64}$/);
export const topicPrefixOf = (topic: string) => topic.slice(0, topic.indexOf(':'));
export const topicIdOf = (topic: string) => topic.slice(topic.indexOf(':') + 1);

/** A client's own id for a request, echoed in the server's ack or error. */
const requestId = z.string().max(64).optional();

export const realtimeClientMessageSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    id: requestId,
    topic: topicSchema,
    /** The last sequence number the client saw on this topic: the server sends what came after. */
    since: z.number().int().nonnegative().optional(),
  }),
  z.object({ op: z.literal('unsubscribe'), id: requestId, topic: topicSchema }),
  z.object({ op: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export const realtimeEventMessageSchema = z.object({
  op: z.literal('event'),
  topic: z.string(),
  /** Grows by one per event on the topic; absent for passing signals (typing) that are not kept. */
  seq: z.number().int().positive().optional(),
  type: z.string(),
  payload: z.unknown(),
});

export const realtimeServerMessageSchema = z.discriminatedUnion('op', [
  realtimeEventMessageSchema,
  z.object({
    op: z.literal('ack'),
    id: requestId,
    topic: z.string(),
    /** The topic's latest sequence number when the subscription took effect (0: nothing yet). */
    seq: z.number().int().nonnegative().optional(),
    /**
     * The missed events could not all be replayed (too many, or no longer kept): reload the state
     * over HTTP and carry on from `seq`.
     */
    resync: z.boolean().optional(),
  }),
  z.object({
    op: z.literal('error'),
    id: requestId,
    topic: z.string().optional(),
    code: z.number().int(),
    msg: z.string(),
  }),
  z.object({ op: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
export type RealtimeEventMessage = z.infer<typeof realtimeEventMessageSchema>;
