import type { OutboxHandler } from '../../outbox/outbox';
import type { EventBus } from './event-bus';

/** Publishes each committed domain event to its realtime topics, through the bus to every process. */
export function publishToRealtime(bus: EventBus): OutboxHandler {
  return {
    name: 'realtime',
    async handle(event) {
      for (const topic of event.topics) {
        await bus.publish({ topic, type: event.eventType, payload: event.payload });
      }
    },
  };
}
