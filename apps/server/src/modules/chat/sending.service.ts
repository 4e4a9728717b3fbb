import { createHash } from 'node:crypto';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_TYPES,
  type ChatMessage,
  type SendMessageInput,
  VOICE_MAX_MS,
  VOICE_MIN_MS,
} from '@sabai/shared/chat/chat.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';
import type { Outbox } from '../../outbox/outbox';
import { type BookingApi, requireActor } from '../booking';
import type { ChatRepository, MemberPlace, MemberRow, NewMessage } from './chat.repository';
import { type ChatGateService, ORDER_CHAT_ACTORS } from './chat-gate';
import type { ChatGroupsRepository } from './chat-groups.repository';
import type { ChatMessagesRepository } from './chat-messages.repository';
import { containsForbiddenWord, maskContactDetails } from './chat-rules';
import { conversationTopics } from './chat-topics';
import { audioContainerOf, messageOf, newMessageRow } from './message-view';

export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_LONG_SIDE = 1600;
/** Sending limit per user: this many messages in the window, across all conversations. */
export const SEND_LIMIT = { max: 10, windowMs: 10_000 };

/**
 * Sending (decisions 048, 060, 074): text, order cards, pictures and voice messages, each admitted
 * by one read (membership, resend, the gate, the rate limit, forbidden words) and written with its
 * event in one statement; and a message the platform writes on a caller's behalf (a call's outcome).
 */
export function createSendingService(deps: {
  chat: ChatRepository;
  messages: ChatMessagesRepository;
  groups: ChatGroupsRepository;
  /** Who sees an order an order card names: the one policy (decision 102), booking's. */
  orderAccess: BookingApi['orderAccess'];
  gate: ChatGateService;
  clock: Clock;
  outbox: Outbox;
  storage: FileStorage;
}) {
  const { chat, messages, groups, gate, clock, outbox } = deps;

  /** The message this user already sent under `uniqueId` (a resend), or null. */
  async function existingByUniqueId(me: AuthUser, conversationId: number, uniqueId: string) {
    const row = await messages.byUniqueId(uniqueId);
    if (!row) return null;
    if (row.fromUid !== me.id || row.conversationId !== conversationId) {
      throw new AppError('validationFailed', { fields: 'uniqueId' });
    }
    const groupId = row.toUid === null ? ((await groups.ofConversation(conversationId))?.id ?? null) : null;
    return messageOf(row, false, groupId);
  }

  /**
   * The checks every new message passes before anything is written, read in one round trip: my side
   * of the conversation, whether `uniqueId` was already sent (a resend answers the stored message),
   * the peer's roles (the gate; mine are on the session), how many messages I sent in the send
   * limit's window (a flood is refused, nothing stored), the forbidden words, and a group's members.
   */
  async function admit(me: AuthUser, conversationId: number, uniqueId: string) {
    const since = new Date(clock.now().getTime() - SEND_LIMIT.windowMs);
    const row = await chat.admission({ conversationId, userId: me.id, uniqueId, since });
    if (!row) throw new AppError('notFound');
    const { member } = row;
    if (row.resentId !== null) {
      const resent = await existingByUniqueId(me, conversationId, uniqueId);
      if (resent) return { member, resent, masked: false, forbiddenWords: [], topics: [], orderIds: [] };
    }
    // A team group's members always may, unmasked; a single chat's gate knows both roles.
    const memberGate =
      member.peerId === null
        ? await gate.of(member)
        : await gate.between(me.id, member.peerId, { rolesA: me.roles, rolesB: row.peerRoles });
    if (!memberGate.canSend) throw new AppError(memberGate.closedReason ?? 'chatNotOpen');
    if (Number(row.sentInWindow) >= SEND_LIMIT.max) throw new AppError('chatSendingTooFast');
    const topics = conversationTopics(
      conversationId,
      member.peerId === null ? (row.groupMemberIds ?? []) : [member.peerId, me.id],
    );
    return {
      member,
      resent: null,
      masked: memberGate.masked,
      forbiddenWords: row.forbiddenWords,
      topics,
      orderIds: memberGate.orderIds,
    };
  }

  /**
   * An order card: the order is asked of the one order-access policy (decision 102) beside the
   * admission read, so a card costs the statements it did (the policy's read replaced chat's own),
   * and its answers come first: "not found" to whoever does not see the order, whatever the
   * conversation; `orderActorNotAllowed` to customer service, and for an order that is not between
   * the conversation's two (the gate's orders: a team group has none).
   */
  async function sendOrderCard(
    me: AuthUser,
    conversationId: number,
    input: Extract<SendMessageInput, { type: 'orderCard' }>,
  ): Promise<ChatMessage> {
    const [access, admitted] = await Promise.allSettled([
      deps.orderAccess(me, input.orderId),
      admit(me, conversationId, input.uniqueId),
    ]);
    if (access.status === 'rejected') throw access.reason;
    requireActor(access.value, ORDER_CHAT_ACTORS);
    if (admitted.status === 'rejected') throw admitted.reason;
    const { member, resent, topics, orderIds } = admitted.value;
    if (resent) return resent;
    if (!orderIds.includes(input.orderId)) throw new AppError('orderActorNotAllowed');
    const sentAt = input.clientCreateTime ? { clientCreateTime: input.clientCreateTime } : {};
    const card = { uniqueId: input.uniqueId, type: CHAT_MESSAGE_TYPES.orderCard, body: '' };
    return insertMessage(me, member, { ...card, orderId: input.orderId, ...sentAt }, topics);
  }

  /** Writes the message and its event in one statement; a racing resend answers the first. */
  async function insertMessage(
    me: AuthUser,
    member: MemberRow,
    message: NewMessage,
    topics: string[],
  ): Promise<ChatMessage> {
    const now = clock.now();
    // The view as the event carries it; what only the statement knows is filled in by it.
    const draft = messageOf(newMessageRow({ id: 0, seq: 0 }, me.id, member, message, now), false);
    const written = await chat.sendMessage(me.id, member, message, { now, draft, topics });
    if (written) return written;
    const again = await existingByUniqueId(me, member.conversationId, message.uniqueId);
    if (!again) throw new AppError('notFound');
    return again;
  }

  /** Stores an upload under an unguessable name (its digest with the unique id): only the members learn it. */
  async function store(conversationId: number, uniqueId: string, content: Buffer, extension: string) {
    const digest = createHash('sha256').update(content).update(uniqueId).digest('hex').slice(0, 32);
    const key = `chat/${conversationId}-${digest}.${extension}`;
    await deps.storage.put(key, content);
    return key;
  }

  return {
    async send(me: AuthUser, conversationId: number, input: SendMessageInput): Promise<ChatMessage> {
      if (input.type === 'orderCard') return sendOrderCard(me, conversationId, input);
      const { member, resent, masked, forbiddenWords, topics } = await admit(
        me,
        conversationId,
        input.uniqueId,
      );
      if (resent) return resent;
      const sentAt = input.clientCreateTime ? { clientCreateTime: input.clientCreateTime } : {};
      if (containsForbiddenWord(input.body, forbiddenWords)) throw new AppError('chatForbiddenContent');
      if (input.aboutMsgId !== undefined && !(await messages.isIn(input.aboutMsgId, conversationId)))
        throw new AppError('notFound');
      const text = {
        uniqueId: input.uniqueId,
        type: CHAT_MESSAGE_TYPES.text,
        body: masked ? maskContactDetails(input.body) : input.body,
      };
      const about = input.aboutMsgId !== undefined ? { aboutMsgId: input.aboutMsgId } : {};
      return insertMessage(me, member, { ...text, ...about, ...sentAt }, topics);
    },

    /** Same checks as avatars and address photos: the content must be an image; re-encoding drops its metadata. */
    async sendImage(
      me: AuthUser,
      conversationId: number,
      uniqueId: string,
      upload: Buffer,
    ): Promise<ChatMessage> {
      const { member, resent, topics } = await admit(me, conversationId, uniqueId);
      if (resent) return resent;
      const webp = await reencodeUploadedImage(upload, IMAGE_LONG_SIDE);
      const imageKey = await store(conversationId, uniqueId, webp, 'webp');
      return insertMessage(
        me,
        member,
        { uniqueId, type: CHAT_MESSAGE_TYPES.image, body: '', imageKey },
        topics,
      );
    },

    /**
     * A voice message (decision 060): the recorded length must be 1–60 s (the spec's "under one
     * second is not sent") and the content an audio container the browsers record; it is stored as
     * sent, under an unguessable name like a chat picture.
     */
    async sendVoice(
      me: AuthUser,
      conversationId: number,
      input: { uniqueId: string; durationMs: number },
      upload: Buffer,
    ): Promise<ChatMessage> {
      const { member, resent, topics } = await admit(me, conversationId, input.uniqueId);
      if (resent) return resent;
      if (input.durationMs < VOICE_MIN_MS) throw new AppError('chatVoiceTooShort');
      if (input.durationMs > VOICE_MAX_MS)
        throw new AppError('chatVoiceTooLong', { limit: VOICE_MAX_MS / 1000 });
      const extension = audioContainerOf(upload);
      if (!extension) throw new AppError('chatVoiceNotAudio');
      const imageKey = await store(conversationId, input.uniqueId, upload, extension);
      const voice = { uniqueId: input.uniqueId, type: CHAT_MESSAGE_TYPES.voice, body: '', imageKey };
      return insertMessage(me, member, { ...voice, voiceDurationMs: input.durationMs }, topics);
    },

    /**
     * A message written by the platform on `senderId`'s behalf inside the caller's transaction (a
     * call's outcome), with its event; null when its `uniqueId` was already taken.
     */
    async writeMessage(tx: Db, senderId: number, member: MemberPlace, message: NewMessage) {
      const now = clock.now();
      const written = await chat.writeMessageIn(tx, senderId, member, message, now);
      if (!written) return null;
      const group =
        member.peerId === null ? await groups.ofConversation(member.conversationId, tx) : undefined;
      const view = messageOf(
        newMessageRow(written, senderId, member, message, now),
        false,
        group?.id ?? null,
      );
      const memberIds =
        member.peerId === null
          ? await chat.memberIdsIn(tx, member.conversationId)
          : [member.peerId, senderId];
      await outbox.add(tx, {
        aggregateType: 'chatConversation',
        // Live at once (decision 066): the topic numbers are taken here, published on commit.
        deliverOnCommit: true,
        aggregateId: member.conversationId,
        eventType: CHAT_MESSAGE_EVENT,
        payload: view,
        topics: conversationTopics(member.conversationId, memberIds),
      });
      return view;
    },
  };
}
