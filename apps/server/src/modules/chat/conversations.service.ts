import { CHAT_PAGE_SIZE, CONVERSATION_TYPES, type Conversation } from '@sabai/shared/chat/chat.schemas';
import type { Language } from '@sabai/shared/i18n';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type BookingApi, requireActor } from '../booking';
import type { ChatRepository, MemberRow } from './chat.repository';
import { type ChatGateService, ORDER_CHAT_ACTORS } from './chat-gate';
import type { ChatGroupsRepository } from './chat-groups.repository';
import { groupInfoOf } from './chat-groups.service';
import type { ChatMessagesRepository } from './chat-messages.repository';
import type { ConversationsRepository } from './conversations.repository';
import { messageOf, uploadUrl } from './message-view';

/**
 * Conversations (decision 048): one per pair, opened by user id or from an order, listed, read one
 * at a time with the gate's `canSend`/`closedReason`/`endedOrder`, and a member's own settings.
 */
export function createConversationsService(deps: {
  chat: ChatRepository;
  /** Conversations' own table and the member rows as lists and settings read them. */
  conversationRows: ConversationsRepository;
  messages: ChatMessagesRepository;
  groups: ChatGroupsRepository;
  /** Who sees an order: the one policy (decision 102), booking's. */
  orderAccess: BookingApi['orderAccess'];
  gate: ChatGateService;
  clock: Clock;
}) {
  const { chat, conversationRows, messages, groups, gate } = deps;

  /** The caller's side of a conversation; someone else's conversation answers as not found. */
  async function ownMembership(me: AuthUser, conversationId: number): Promise<MemberRow> {
    const row = await chat.membership(conversationId, me.id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** The other member as the chat shows them (nickname, avatar). */
  async function peerOf(member: { peerId: number }) {
    const peer = await chat.profileOf(member.peerId);
    return {
      id: member.peerId,
      nickname: peer?.nickname ?? '',
      avatarUrl: peer?.avatarKey ? uploadUrl(peer.avatarKey) : null,
    };
  }

  /** The group of a group conversation's messages, null for a pair's. */
  async function groupIdOf(member: Pick<MemberRow, 'conversationId' | 'peerId'>) {
    if (member.peerId !== null) return null;
    return (await groups.ofConversation(member.conversationId))?.id ?? null;
  }

  async function conversationOf(member: MemberRow, lang: Language): Promise<Conversation> {
    const peerId = member.peerId;
    const group = peerId === null ? await groups.ofConversation(member.conversationId) : undefined;
    const [lastSeq, userInfo, groupInfo, newest, memberGate] = await Promise.all([
      conversationRows.lastSeqOf(member.conversationId),
      peerId === null ? null : peerOf({ peerId }),
      group ? groupInfoOf(groups, group, lang) : null,
      messages.newestFor(member.conversationId, member.userId),
      gate.of(member),
    ]);
    return {
      id: member.conversationId,
      type: peerId === null ? CONVERSATION_TYPES.group : CONVERSATION_TYPES.single,
      friendUid: peerId,
      userInfo,
      groupId: group?.id ?? null,
      groupInfo,
      unreadCount: member.unreadCount,
      lastReadSeq: member.lastReadSeq,
      lastSeq,
      updateTime: member.updatedAt.toISOString(),
      pinned: member.pinned,
      muted: member.muted,
      hidden: member.hidden,
      lastMessage: newest ? messageOf(newest.row, newest.deleted, group?.id ?? null) : null,
      canSend: memberGate.canSend,
      closedReason: memberGate.closedReason,
      endedOrder: memberGate.endedOrder,
    };
  }

  async function open(me: AuthUser, toUid: number, lang: Language = 'en'): Promise<Conversation> {
    if (toUid === me.id) throw new AppError('chatWithSelf');
    if (!(await chat.userExists(toUid))) throw new AppError('chatUserNotFound');
    const pairKey = `${Math.min(me.id, toUid)}:${Math.max(me.id, toUid)}`;
    const existing = await conversationRows.conversationOfPair(pairKey);
    if (existing !== null) return conversationOf(await ownMembership(me, existing), lang);
    // Only people with a reason to talk get a conversation: an accepted order, or customer service.
    if ((await gate.between(me.id, toUid)).closedReason === 'chatNotOpen') throw new AppError('chatNotOpen');
    // Null: both opened it at once and the other request made it.
    const id =
      (await conversationRows.createPairConversation(pairKey, me.id, toUid, deps.clock.now())) ??
      (await conversationRows.conversationOfPair(pairKey));
    if (id === null) throw new AppError('notFound');
    return conversationOf(await ownMembership(me, id), lang);
  }

  return {
    ownMembership,
    peerOf,
    groupIdOf,
    conversationOf,

    /** The spec's lookup by friend/user id: the one conversation with that user, made on first use. */
    open,

    /**
     * The conversation with the other party of an order of mine: the customer's with its provider,
     * the provider's or its store's staff's with its customer. Who sees the order is the one policy
     * (decision 102): "not found" for anyone else, `orderActorNotAllowed` for customer service.
     */
    async openForOrder(me: AuthUser, orderId: number, lang: Language = 'en'): Promise<Conversation> {
      const access = await deps.orderAccess(me, orderId);
      requireActor(access, ORDER_CHAT_ACTORS);
      const peer = access.actor === 'customer' ? access.providerUserId : access.customerId;
      if (!peer) throw new AppError('chatNotOpen');
      return open(me, peer, lang);
    },

    async get(me: AuthUser, conversationId: number, lang: Language = 'en'): Promise<Conversation> {
      return conversationOf(await ownMembership(me, conversationId), lang);
    },

    /** My conversations, pinned first then newest first, 30 a page; hidden ones left out. */
    async list(me: AuthUser, page: number, lang: Language = 'en') {
      const rows = await conversationRows.memberPage(me.id, page);
      const items = await Promise.all(rows.map((row) => conversationOf(row, lang)));
      // Spec: hasMore only when a full page came back.
      return { items, page, pageSize: CHAT_PAGE_SIZE, hasMore: rows.length === CHAT_PAGE_SIZE };
    },

    async updateSettings(
      me: AuthUser,
      conversationId: number,
      settings: { pinned?: boolean; muted?: boolean; hidden?: boolean },
      lang: Language = 'en',
    ): Promise<Conversation> {
      await ownMembership(me, conversationId);
      await conversationRows.updateSettings(conversationId, me.id, settings);
      return conversationOf(await ownMembership(me, conversationId), lang);
    },

    /** Whether the user may follow `chat:<id>`: its members only. */
    async canFollow(user: AuthUser, id: string): Promise<boolean> {
      const conversationId = Number(id);
      if (!Number.isSafeInteger(conversationId) || conversationId < 1 || conversationId > 2_147_483_647)
        return false;
      return (await chat.membership(conversationId, user.id)) !== null;
    },

    /**
     * For voice calls (decision 057): my side of the conversation if the two of us may talk now
     * (the same gate as a message); someone else's conversation answers as not found.
     */
    async memberWhoMayTalk(me: AuthUser, conversationId: number): Promise<MemberRow & { peerId: number }> {
      const member = await ownMembership(me, conversationId);
      const peerId = member.peerId;
      // A call is between two: a group has no one to ring.
      if (peerId === null) throw new AppError('chatNotOpen');
      const memberGate = await gate.between(me.id, peerId);
      if (!memberGate.canSend) throw new AppError(memberGate.closedReason ?? 'chatNotOpen');
      return { ...member, peerId };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
