import type { Clock } from '../../lib/clock';
import type { OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { EventBus } from './event-bus';
import { TOPIC_APPEND_ANSWER, type TopicLog, topicAppendCtes } from './topic-log.repository';

/**
 * How many events published right after their commit are remembered until this process's
 * dispatcher comes to them; another process's dispatcher may take an event instead, so the oldest
 * are forgotten past this (forgetting one costs a second publish, which sockets drop by sequence).
 */
const REMEMBERED_PUBLISHED = 50_000;

/**
 * Logs each committed domain event on its realtime topics (giving it the topic's next sequence
 * number) and publishes it through the bus to every process's sockets.
 *
 * A `deliverOnCommit` event (decision 066) takes its numbers in the writer's transaction and is
 * published as soon as that commits; the dispatcher, coming to it later in this process, publishes
 * nothing again. After a crash between commit and publish, a dispatcher (in any process) finds the
 * numbers already logged for the event (`append` answers them) and publishes them then: the event
 * may be published twice but never numbered twice, and a socket forwards each number once.
 */
export function publishToRealtime(deps: { bus: EventBus; log: TopicLog; clock: Clock }): OutboxHandler {
  const publishedOnCommit = new Set<number>();

  async function publish(event: OutboxEvent, logged: { topic: string; seq: number }[]) {
    // One bus message for all its topics: one connection keeps each topic's events in order.
    await deps.bus.publishAll(
      logged.map(({ topic, seq }) => ({ topic, seq, type: event.eventType, payload: event.payload })),
    );
  }

  /** What runs once the writer has committed: the publish, then remembering it. */
  function publishAfterCommit(event: OutboxEvent, logged: { topic: string; seq: number }[]) {
    if (!logged.length) return undefined;
    return async () => {
      // Remembered only once published: a failed publish is left whole to the dispatcher.
      await publish(event, logged);
      publishedOnCommit.add(event.id);
      if (publishedOnCommit.size > REMEMBERED_PUBLISHED) {
        publishedOnCommit.delete(publishedOnCommit.values().next().value as number);
      }
    };
  }

  return {
    name: 'realtime',
    // The outbox row and its topic numbers in one statement: a chat send's round trip saved.
    async prepareWithRow(tx, event, insertRow) {
      const { outboxEventId, logged } = await deps.log.appendWithOutboxRow(
        { topics: event.topics, type: event.eventType, payload: event.payload },
        deps.clock.now(),
        tx,
        insertRow,
      );
      return { id: outboxEventId, afterCommit: publishAfterCommit({ ...event, id: outboxEventId }, logged) };
    },
    // The same, as part of the one statement of a chat send (decision 074).
    rowStatement: {
      ctes: topicAppendCtes,
      answer: TOPIC_APPEND_ANSWER,
      afterCommit(event, answer) {
        const logged = answer
          .map((row) => ({ topic: String(row.topic), seq: Number(row.seq) }))
          .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
        return publishAfterCommit(event, logged);
      },
    },
    /**
     * The dispatcher's batch (decision 080): one statement numbers every event's topics, then one
     * bus message publishes them all, in id order (each topic's numbers follow that order).
     */
    async handleBatch(events) {
      const due = events.filter((event) => !publishedOnCommit.has(event.id) && !event.deliveredOnCommit);
      const numbers = await deps.log.appendBatch(
        due.map((event) => ({
          id: event.id,
          type: event.eventType,
          payload: event.payload,
          topics: event.topics,
        })),
        deps.clock.now(),
      );
      const published = due.flatMap((event) =>
        (numbers.get(event.id) ?? []).map(({ topic, seq }) => ({
          topic,
          seq,
          type: event.eventType,
          payload: event.payload,
        })),
      );
      if (published.length) await deps.bus.publishAll(published);
      for (const event of events) publishedOnCommit.delete(event.id);
    },
    async handle(event) {
      // Published on commit, by this process (remembered) or by another (its mark, decision 066).
      if (publishedOnCommit.delete(event.id) || event.deliveredOnCommit) return;
      const logged = await deps.log.append(
        { topics: event.topics, type: event.eventType, payload: event.payload, outboxEventId: event.id },
        deps.clock.now(),
      );
      await publish(event, logged);
    },
  };
}
