import type { DomainEvent } from '../src/outbox/outbox';

/** A chat message's event as the chat service writes it: delivered on commit (decision 066). */
export const chatEvent = (conversationId: number, n: number): DomainEvent => ({
  aggregateType: 'chatConversation',
  aggregateId: conversationId,
  eventType: 'chat.message',
  payload: { n },
  topics: [`chat:${conversationId}`, 'user:5'],
  deliverOnCommit: true,
});
