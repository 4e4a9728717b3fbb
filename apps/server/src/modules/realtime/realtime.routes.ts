import type { FastifyPluginAsync } from 'fastify';
import type { EventBus, RealtimeEvent } from './event-bus';

export const REALTIME_PATH = '/ws';
const MAX_TOPICS_PER_SOCKET = 50;

/**
 * The WebSocket endpoint. A client subscribes to topics ({"op":"subscribe","topics":[...]}) and
 * receives every event published to them by any server process. Which topics a user may hear is
 * decided by the modules that publish (chat, orders) once identity exists; until then only
 * public topics (prefix "public:") are accepted.
 */
export const realtimeRoutes: FastifyPluginAsync<{ bus: EventBus }> = async (app, { bus }) => {
  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const topics = new Set<string>();
    const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
      if (topics.has(event.topic)) socket.send(JSON.stringify({ op: 'event', ...event }));
    });
    socket.on('message', (raw: Buffer) => {
      let message: { op?: unknown; topics?: unknown };
      try {
        message = JSON.parse(raw.toString());
      } catch {
        socket.send(JSON.stringify({ op: 'error', reason: 'malformed' }));
        return;
      }
      if (message.op === 'ping') {
        socket.send(JSON.stringify({ op: 'pong' }));
      } else if (message.op === 'subscribe' && Array.isArray(message.topics)) {
        for (const topic of message.topics) {
          if (
            typeof topic === 'string' &&
            topic.startsWith('public:') &&
            topics.size < MAX_TOPICS_PER_SOCKET
          ) {
            topics.add(topic);
          }
        }
        socket.send(JSON.stringify({ op: 'subscribed', topics: [...topics] }));
      }
    });
    socket.on('close', unsubscribe);
  });
};
