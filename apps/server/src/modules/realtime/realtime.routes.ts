import type { ErrorKey } from '@sabai/shared/error-codes';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { type Language, languageFromHeader } from '@sabai/shared/i18n';
import {
  REALTIME_PATH,
  REALTIME_TOKEN_PROTOCOL_PREFIX,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
} from '@sabai/shared/realtime/realtime.schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, CallerLookup } from '../../http/auth';
import { translate } from '../../lib/i18n';
import type { EventBus, RealtimeEvent } from './event-bus';
import type { SessionWatch } from './session-watch';
import type { TopicAccess } from './topic-access';
import type { TopicHub, TopicSubscriber } from './topic-hub';
import type { TopicLog } from './topic-log.repository';

export { REALTIME_PATH };
export const MAX_TOPICS_PER_SOCKET = 50;
/** More missed events than this and the client reloads over HTTP instead (ack `resync`). */
export const REPLAY_LIMIT = 500;
/** Close code for a socket whose session ended while it was open. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export interface RealtimeRouteOptions {
  bus: EventBus;
  hub: TopicHub;
  access: TopicAccess;
  log: TopicLog;
  lookupSession: (token: string) => Promise<CallerLookup>;
  sessions: SessionWatch;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The token from `?token=` or from the offered subprotocol `token.<token>` (browsers cannot set headers). */
function tokenOf(request: FastifyRequest): string | undefined {
  const fromQuery = firstValue((request.query as Record<string, string | string[] | undefined>).token);
  if (fromQuery) return fromQuery;
  const offered = firstValue(request.headers['sec-websocket-protocol']) ?? '';
  const protocol = offered
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith(REALTIME_TOKEN_PROTOCOL_PREFIX));
  return protocol?.slice(REALTIME_TOKEN_PROTOCOL_PREFIX.length) || undefined;
}

function languageOf(request: FastifyRequest): Language {
  const fromQuery = firstValue((request.query as Record<string, string | string[] | undefined>).lang);
  return languageFromHeader(fromQuery ?? firstValue(request.headers.lang));
}

/**
 * An event's frame, serialised once per process however many of its sockets hear it (decision 071):
 * the hub hands every subscriber of a topic the same event object, so the first socket's
 * `JSON.stringify` serves the rest. Weakly held: a frame lives as long as its event.
 */
const eventFrames = new WeakMap<RealtimeEvent, string>();
export function eventFrameOf(event: RealtimeEvent): string {
  let frame = eventFrames.get(event);
  if (frame === undefined) {
    const message: RealtimeServerMessage = {
      op: 'event',
      topic: event.topic,
      ...(event.seq !== undefined ? { seq: event.seq } : {}),
      type: event.type,
      payload: event.payload,
    };
    frame = JSON.stringify(message);
    eventFrames.set(event, frame);
  }
  return frame;
}

/**
 * The WebSocket endpoint (decision 016). The upgrade is authenticated with the same session lookup
 * as the HTTP routes and refused with 401 before any socket exists. A client subscribes to topics
 * the modules let it hear, gets each topic's events with their sequence numbers, and on reconnect
 * asks for what it missed with `since`.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRouteOptions> = async (app, options) => {
  const { hub, access, log, lookupSession, sessions } = options;

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = tokenOf(request);
    const found: CallerLookup = token
      ? await lookupSession(token)
      : { kind: 'refused', reason: 'unauthenticated' };
    if (found.kind === 'valid') {
      request.user = found.user;
      return;
    }
    const key = found.reason;
    await reply
      .code(401)
      .header('content-type', 'application/json; charset=utf-8')
      .send(
        JSON.stringify({
          code: ERROR_CODES[key].code,
          msg: translate(languageOf(request), `errors:${key}`),
          data: null,
        }),
      );
  }

  app.get(
    REALTIME_PATH,
    { websocket: true, onRequest: authenticate, schema: { hide: true } },
    (socket, request) => {
      const token = tokenOf(request) as string;
      const lang = languageOf(request);
      const subscriptions = new Map<string, Subscription>();
      let closed = false;
      let work: Promise<void> = Promise.resolve();

      const send = (message: RealtimeServerMessage) => {
        if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const sendError = (
        key: ErrorKey,
        extra: { id?: string; topic?: string },
        params: Record<string, number> = {},
      ) =>
        send({
          op: 'error',
          ...extra,
          code: ERROR_CODES[key].code,
          msg: translate(lang, `errors:${key}`, params),
        });

      interface Subscription extends TopicSubscriber {
        /** The newest sequence number this socket has been sent (or told of) on the topic. */
        lastSeq: number | null;
        /**
         * Live events wait here while the missed ones are read, or while the topic's access is
         * asked again (an order reassigned), so none overtakes them or reaches one no longer allowed.
         */
        held: RealtimeEvent[] | null;
      }

      /**
       * The session looked up again (cached; dropped on every process when it changes): the caller,
       * or null once the session ended, when the socket is told why and closed (4401).
       */
      async function liveCaller(reply: { id?: string; topic?: string } = {}): Promise<AuthUser | null> {
        const found = await lookupSession(token);
        if (found.kind === 'valid') return found.user;
        sendError(found.reason, reply);
        socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
        return null;
      }

      // A logout, ban or password change anywhere re-checks this socket at once (issue #35 finding 3).
      const unwatch = sessions.watch(request.user?.id ?? 0, () => {
        if (!closed)
          liveCaller().catch((error) => request.log.error({ err: error }, 'session re-check failed'));
      });

      /**
       * Hands the held events on in order; one after which the topic's access may have changed
       * asks again first, and a socket no longer allowed stops following the topic.
       */
      async function release(topic: string, subscription: Subscription) {
        while (subscription.held?.length) {
          const event = subscription.held.shift() as RealtimeEvent;
          if (access.needsRecheck(event)) {
            const user = await liveCaller({ topic });
            if (subscriptions.get(topic) !== subscription) return;
            if (!user || !(await access.canSubscribe(user, topic))) {
              unsubscribe(topic);
              if (user) sendError('realtimeTopicForbidden', { topic });
              return;
            }
          }
          forward(subscription, event);
        }
        subscription.held = null;
      }

      const forward = (subscription: Subscription, event: RealtimeEvent) => {
        if (event.seq !== undefined && subscription.lastSeq !== null && event.seq <= subscription.lastSeq)
          return;
        if (!closed && socket.readyState === socket.OPEN) socket.send(eventFrameOf(event));
        if (event.seq !== undefined) subscription.lastSeq = event.seq;
      };

      function unsubscribe(topic: string) {
        const subscription = subscriptions.get(topic);
        if (!subscription) return;
        subscriptions.delete(topic);
        hub.remove(topic, subscription);
      }

      async function subscribe(message: Extract<RealtimeClientMessage, { op: 'subscribe' }>) {
        const { id, topic, since } = message;
        const reply = { ...(id ? { id } : {}), topic };
        // The session is looked up again (cached): a socket must not outlive a logout or a ban.
        const user = await liveCaller(reply);
        if (!user) return;
        unsubscribe(topic);
        if (subscriptions.size >= MAX_TOPICS_PER_SOCKET) {
          return sendError('realtimeTooManyTopics', reply, { limit: MAX_TOPICS_PER_SOCKET });
        }
        if (!(await access.canSubscribe(user, topic))) return sendError('realtimeTopicForbidden', reply);
        if (closed) return;

        const subscription: Subscription = {
          lastSeq: since ?? null,
          held: [],
          deliver(event) {
            if (this.held) this.held.push(event);
            else if (access.needsRecheck(event)) {
              this.held = [event];
              release(topic, this).catch((error) =>
                request.log.error({ err: error }, 'topic re-check failed'),
              );
            } else forward(this, event);
          },
        };
        subscriptions.set(topic, subscription);
        hub.add(topic, subscription);

        const current = await log.lastSeq(topic);
        let resync = false;
        if (since !== undefined && since !== current) {
          const missed = since < current ? await log.after(topic, since, REPLAY_LIMIT + 1) : [];
          // Too many, pruned (the first kept is not the next), or a sequence from another database.
          resync = since > current || missed.length > REPLAY_LIMIT || missed[0]?.seq !== since + 1;
          if (!resync) for (const event of missed) forward(subscription, event);
        }
        if (resync || subscription.lastSeq === null) subscription.lastSeq = current;
        send({ op: 'ack', ...reply, seq: current, ...(resync ? { resync } : {}) });
        await release(topic, subscription);
      }

      async function handle(raw: string) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          return sendError('realtimeMessageInvalid', {});
        }
        const result = realtimeClientMessageSchema.safeParse(parsed);
        if (!result.success) {
          const id = (parsed as { id?: unknown } | null)?.id;
          return sendError('realtimeMessageInvalid', typeof id === 'string' ? { id: id.slice(0, 64) } : {});
        }
        const message = result.data;
        if (message.op === 'ping') {
          // The keep-alive is a use of the session (decision 107): the same sliding lookup as any
          // request, so a staff member working from a live page keeps their shift's session, and a
          // session that ended (idle, logout, ban) closes the socket at the next ping.
          if (await liveCaller()) send({ op: 'pong' });
          return;
        }
        if (message.op === 'unsubscribe') {
          unsubscribe(message.topic);
          return send({ op: 'ack', ...(message.id ? { id: message.id } : {}), topic: message.topic });
        }
        await subscribe(message);
      }

      socket.on('message', (data: Buffer) => {
        // One message at a time per socket, so a subscription's replay and its ack keep their order.
        work = work
          .then(() => handle(data.toString()))
          .catch((error) => {
            request.log.error({ err: error }, 'realtime message failed');
            sendError('internalError', {});
          });
      });
      socket.on('close', () => {
        closed = true;
        unwatch();
        for (const topic of [...subscriptions.keys()]) unsubscribe(topic);
      });
    },
  );
};
