import type { EventBus, RealtimeEvent } from './event-bus';

export interface TopicSubscriber {
  deliver(event: RealtimeEvent): void;
}

/**
 * This process's sockets by topic: one bus listener looks up the event's topic instead of every
 * socket examining every event.
 */
export function createTopicHub(bus: EventBus) {
  const byTopic = new Map<string, Set<TopicSubscriber>>();
  const stopListening = bus.subscribe((event) => {
    const subscribers = byTopic.get(event.topic);
    if (subscribers) for (const subscriber of subscribers) subscriber.deliver(event);
  });
  return {
    add(topic: string, subscriber: TopicSubscriber) {
      let subscribers = byTopic.get(topic);
      if (!subscribers) {
        subscribers = new Set();
        byTopic.set(topic, subscribers);
      }
      subscribers.add(subscriber);
    },
    remove(topic: string, subscriber: TopicSubscriber) {
      const subscribers = byTopic.get(topic);
      if (!subscribers) return;
      subscribers.delete(subscriber);
      if (!subscribers.size) byTopic.delete(topic);
    },
    /** How many topics have a listener here (tests and metrics). */
    get topicCount() {
      return byTopic.size;
    },
    close: stopListening,
  };
}

export type TopicHub = ReturnType<typeof createTopicHub>;
