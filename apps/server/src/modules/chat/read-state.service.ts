import { CHAT_READ_EVENT, type Conversation } from '@sabai/shared/chat/chat.schemas';
import type { Language } from '@sabai/shared/i18n';
import type { AuthUser } from '../../http/auth';
import type { Outbox } from '../../outbox/outbox';
import { conversationTopics } from './chat-topics';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';

/** Read state on every device (decision 048): the unread badge's total, and reading a conversation. */
export function createReadStateService(deps: {
  conversationRows: ConversationsRepository;
  conversations: Pick<ConversationsService, 'ownMembership' | 'conversationOf'>;
  outbox: Outbox;
}) {
  const { conversationRows, conversations, outbox } = deps;
  return {
    async unreadTotal(me: AuthUser) {
      return { count: await conversationRows.unreadTotal(me.id) };
    },

    /** Read up to the newest message: clears the unread count on every one of my devices. */
    async markRead(me: AuthUser, conversationId: number, lang: Language = 'en'): Promise<Conversation> {
      await conversations.ownMembership(me, conversationId);
      await outbox.transaction(async (tx) => {
        const lastReadSeq = await conversationRows.markReadIn(tx, conversationId, me.id);
        await outbox.add(tx, {
          aggregateType: 'chatConversation',
          // Live at once (decision 066): the topic numbers are taken here, published on commit.
          deliverOnCommit: true,
          aggregateId: conversationId,
          eventType: CHAT_READ_EVENT,
          payload: { conversationId, userId: me.id, lastReadSeq },
          // Only the reader's own devices (and the open page) hear it: not the peer's list.
          topics: conversationTopics(conversationId, [me.id]),
        });
      });
      return conversations.conversationOf(await conversations.ownMembership(me, conversationId), lang);
    },
  };
}
