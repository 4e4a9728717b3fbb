import {
  CHAT_MESSAGE_TYPES,
  CHAT_PAGE_SIZE,
  CHAT_REVOKED_EVENT,
  type ChatMessage,
  REVOKE_WINDOW_MS,
} from '@sabai/shared/chat/chat.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../lib/storage';
import type { Outbox } from '../../outbox/outbox';
import type { ChatRepository, MessageRow } from './chat.repository';
import type { ChatMessagesRepository } from './chat-messages.repository';
import { conversationTopics } from './chat-topics';
import type { ConversationsService } from './conversations.service';
import { messageOf } from './message-view';

/** How many messages one catch-up answer carries at most (the client asks again while hasMore). */
const CATCH_UP_MAX = 200;

const isCustomerService = (user: AuthUser) => user.roles.includes('customer_service');

/**
 * A conversation's history as a member reads it (pages, catch-up), recall for everyone and delete
 * for me (decision 048).
 */
export function createMessagesService(deps: {
  chat: ChatRepository;
  messages: ChatMessagesRepository;
  conversations: Pick<ConversationsService, 'ownMembership' | 'groupIdOf'>;
  clock: Clock;
  outbox: Outbox;
  storage: FileStorage;
}) {
  const { chat, messages, conversations, clock, outbox } = deps;

  return {
    /**
     * A page of messages, oldest first: the newest 30, or 30 older than `before`, or (after a
     * reconnect) everything after `since`, up to 200 at a time.
     */
    async messages(me: AuthUser, conversationId: number, query: { before?: number; since?: number }) {
      const member = await conversations.ownMembership(me, conversationId);
      const groupId = await conversations.groupIdOf(member);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (query.since !== undefined) {
        const newer = await messages.after(conversationId, query.since, CATCH_UP_MAX + 1);
        hasMore = newer.length > CATCH_UP_MAX;
        rows = newer.slice(0, CATCH_UP_MAX);
      } else {
        const older = await messages.newestBefore(conversationId, query.before, CHAT_PAGE_SIZE + 1);
        hasMore = older.length > CHAT_PAGE_SIZE;
        rows = older.slice(0, CHAT_PAGE_SIZE).reverse();
      }
      const deleted = await messages.deletedAmong(
        me.id,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => messageOf(row, deleted.has(row.id), groupId)), hasMore };
    },

    /** Own message within 2 minutes; customer service any message of their conversations, any time. */
    async revoke(me: AuthUser, messageId: number): Promise<ChatMessage> {
      const row = await messages.byId(messageId);
      if (!row) throw new AppError('notFound');
      const member = await conversations.ownMembership(me, row.conversationId);
      // Read before the transaction: on PGlite a read through `db` inside it would wait for it.
      const groupId = await conversations.groupIdOf(member);
      if (row.revokedAt) return messageOf(row, false, groupId);
      if (!isCustomerService(me)) {
        // A call's outcome is written by the platform on the caller's behalf: not theirs to recall.
        if (row.fromUid !== me.id || row.type === CHAT_MESSAGE_TYPES.call)
          throw new AppError('chatRevokeNotOwn');
        if (clock.now().getTime() - row.createdAt.getTime() > REVOKE_WINDOW_MS) {
          throw new AppError('chatRevokeTooLate');
        }
      }
      const now = clock.now();
      const view = await outbox.transaction(async (tx) => {
        const revoked = await messages.revokeIn(tx, messageId, now);
        if (!revoked) throw new AppError('notFound');
        const view = messageOf(revoked, false, groupId);
        const memberIds =
          member.peerId === null ? await chat.memberIdsIn(tx, row.conversationId) : [member.peerId, me.id];
        await outbox.add(tx, {
          aggregateType: 'chatConversation',
          // Live at once (decision 066): the topic numbers are taken here, published on commit.
          deliverOnCommit: true,
          aggregateId: row.conversationId,
          eventType: CHAT_REVOKED_EVENT,
          payload: view,
          topics: conversationTopics(row.conversationId, memberIds),
        });
        return view;
      });
      // A recalled picture is gone for everyone: its file too, not only its link.
      if (row.imageKey) await deps.storage.remove(row.imageKey);
      return view;
    },

    /** Delete for me: the other member still sees it. */
    async deleteForMe(me: AuthUser, messageId: number): Promise<ChatMessage> {
      const row = await messages.byId(messageId);
      if (!row) throw new AppError('notFound');
      const member = await conversations.ownMembership(me, row.conversationId);
      await messages.deleteFor(messageId, me.id);
      return messageOf(row, true, await conversations.groupIdOf(member));
    },
  };
}
