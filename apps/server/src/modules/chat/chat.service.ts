import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../lib/storage';
import type { Outbox } from '../../outbox/outbox';
import type { BookingApi } from '../booking';
import type { ChatRepository } from './chat.repository';
import { createChatGate } from './chat-gate';
import type { ChatGroupsRepository } from './chat-groups.repository';
import { createChatGroupsService } from './chat-groups.service';
import type { ChatMessagesRepository } from './chat-messages.repository';
import type { ChatOrdersRepository } from './chat-orders.repository';
import type { ConversationsRepository } from './conversations.repository';
import { createConversationsService } from './conversations.service';
import { createMessagesService } from './messages.service';
import { createReadStateService } from './read-state.service';
import { createSendingService } from './sending.service';

export { CHAT_IMAGE_MAX_BYTES, SEND_LIMIT } from './sending.service';

/** The module's repositories a chat service works over (index.ts makes them). */
export interface ChatRepositories {
  chat: ChatRepository;
  conversations: ConversationsRepository;
  messages: ChatMessagesRepository;
  groups: ChatGroupsRepository;
  orders: ChatOrdersRepository;
}

/**
 * Chat (issue #15, decision 048; its shape decision 103): single conversations between two users
 * and team groups, messages with a per-conversation sequence, revoke, delete for me, read state,
 * and the rules of who may say what when. Each concern is its own service over the module's
 * repositories; this puts them together as the one service the routes and calls use. Every change
 * is published after commit through the outbox on `chat:<id>` and the members' `user:<id>` topics
 * (`chat-topics.ts`).
 */
export function createChatService(deps: {
  repositories: ChatRepositories;
  /** Who sees an order (decision 102): asked by the routes that name one, never per message. */
  orderAccess: BookingApi['orderAccess'];
  clock: Clock;
  outbox: Outbox;
  storage: FileStorage;
}) {
  const { repositories, orderAccess, clock, outbox, storage } = deps;
  const gate = createChatGate(repositories);
  const conversations = createConversationsService({
    ...repositories,
    conversationRows: repositories.conversations,
    orderAccess,
    gate,
    clock,
  });
  const { conversationOf } = conversations;
  return {
    ...conversations,
    ...createChatGroupsService({ ...repositories, conversationOf }),
    ...createSendingService({ ...repositories, orderAccess, gate, clock, outbox, storage }),
    ...createMessagesService({ ...repositories, conversations, clock, outbox, storage }),
    ...createReadStateService({ conversationRows: repositories.conversations, conversations, outbox }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
