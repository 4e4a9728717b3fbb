import type { Clock } from '../../lib/clock';
import type { OutboxHandler } from '../../outbox/outbox';
import type { EventBus } from './event-bus';
import type { TopicLog } from './topic-log';

/**
 * Logs each committed domain event on its realtime topics (giving it the topic's next sequence
 * number) and publishes it through the bus to every process's sockets.
 */
export function publishToRealtime(deps: { bus: EventBus; log: TopicLog; clock: Clock }): OutboxHandler {
  return {
    name: 'realtime',
    async handle(event) {
      const logged = await deps.log.append(
        { topics: event.topics, type: event.eventType, payload: event.payload, outboxEventId: event.id },
        deps.clock.now(),
      );
      // Together: one connection keeps each topic's events in order, and an event's topics differ.
      await Promise.all(
        logged.map(({ topic, seq }) =>
          deps.bus.publish({ topic, seq, type: event.eventType, payload: event.payload }),
        ),
      );
    },
  };
}
