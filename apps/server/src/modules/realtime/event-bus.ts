import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** A realtime event addressed to a topic (a user, a conversation, an order). */
export interface RealtimeEvent {
  topic: string;
  /** The topic's sequence number when the event is logged (decision 016); passing signals have none. */
  seq?: number;
  type: string;
  payload: unknown;
}

export type EventListener = (event: RealtimeEvent) => void;

/**
 * Fan-out of realtime events. With one process a local emitter is enough; with REDIS_URL every
 * process publishes to and hears from Redis, so a socket on any process receives every event.
 */
export interface EventBus {
  kind: 'local' | 'redis';
  publish(event: RealtimeEvent): Promise<void>;
  /**
   * Publishes several events as one bus message (one Redis PUBLISH instead of one each): every
   * process hears them together, in the order given (decision 066, follow-up).
   */
  publishAll(events: readonly RealtimeEvent[]): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

/** The Redis channel every process of one deployment shares. */
export const REALTIME_CHANNEL = 'sabai:realtime';

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'local',
    async publish(event) {
      emitter.emit('event', event);
    },
    async publishAll(events) {
      for (const event of events) emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * `channel` lets tests (and benchmarks) that share one Redis with other runs hear only their own
 * processes: a run on the default channel would deliver its events to every other run's sockets.
 */
export async function createRedisEventBus(
  url: string,
  options: { channel?: string } = {},
): Promise<EventBus> {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createLocalEventBus();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    let heard: RealtimeEvent | RealtimeEvent[];
    try {
      heard = JSON.parse(message) as RealtimeEvent | RealtimeEvent[];
    } catch {
      // A malformed message from another process is dropped rather than crashing this one.
      return;
    }
    // An array is one `publishAll`: its events are heard one by one, in its order; a listener that
    // throws on one event must not cost the others of the message.
    for (const event of Array.isArray(heard) ? heard : [heard]) {
      local.publish(event).catch(() => {});
    }
  });
  return {
    kind: 'redis',
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    async publishAll(events) {
      if (!events.length) return;
      await publisher.publish(channel, JSON.stringify(events.length === 1 ? events[0] : events));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
