import { createHash } from 'node:crypto';
import { ORDER_STATUS_CODES } from '@sabai/shared/booking/order-status';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_TYPES,
  CHAT_PAGE_SIZE,
  CHAT_READ_EVENT,
  CHAT_REVOKED_EVENT,
  type ChatMessage,
  type Conversation,
  REVOKE_WINDOW_MS,
  type SendMessageInput,
  VOICE_MAX_MS,
  VOICE_MIN_MS,
} from '@sabai/shared/chat/chat.schemas';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  chatConversations,
  chatForbiddenWords,
  chatMembers,
  chatMessageDeletions,
  chatMessages,
  chatMessageTranslations,
  userRoles,
  users,
} from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';
import type { Outbox } from '../../outbox/outbox';
import { containsForbiddenWord, maskContactDetails } from './chat-rules';

export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_LONG_SIDE = 1600;
/** An order's chat stays open this long after its service ended (or it was cancelled). */
export const ORDER_CHAT_GRACE_MS = 24 * 60 * 60_000;
/** Sending limit per user: this many messages in the window, across all conversations. */
export const SEND_LIMIT = { max: 10, windowMs: 10_000 };
/** How many messages one catch-up answer carries at most (the client asks again while hasMore). */
const CATCH_UP_MAX = 200;

const uploadUrl = (key: string) => `/app/uploads/${key}`;
const isCustomerService = (user: AuthUser) => user.roles.includes('customer_service');

type MessageRow = typeof chatMessages.$inferSelect;
type MemberRow = typeof chatMembers.$inferSelect;

/** A message about to be written (its sequence and time come from the conversation and the clock). */
export interface NewMessage {
  uniqueId: string;
  type: number;
  body: string;
  imageKey?: string;
  voiceDurationMs?: number;
  orderId?: number;
  aboutMsgId?: number;
  clientCreateTime?: string;
}

function messageOf(row: MessageRow, deletedForMe: boolean): ChatMessage {
  return {
    msgId: row.id,
    uniqueId: row.uniqueId,
    conversationId: row.conversationId,
    seq: row.seq,
    fromUid: row.fromUid,
    toUid: row.toUid,
    type: row.type,
    body: row.revokedAt || deletedForMe ? '' : row.body,
    imageUrl:
      row.type !== CHAT_MESSAGE_TYPES.voice && row.imageKey && !row.revokedAt && !deletedForMe
        ? uploadUrl(row.imageKey)
        : null,
    voiceUrl:
      row.type === CHAT_MESSAGE_TYPES.voice && row.imageKey && !row.revokedAt && !deletedForMe
        ? uploadUrl(row.imageKey)
        : null,
    voiceDurationMs: row.voiceDurationMs,
    orderId: row.orderId,
    aboutMsgId: row.aboutMsgId,
    createTime: row.createdAt.toISOString(),
    clientCreateTime: row.clientCreateTime?.toISOString() ?? null,
    isRevoke: row.revokedAt !== null,
    isDelete: deletedForMe,
  };
}

/**
 * The file extension of an audio recording by its container's signature, null for anything else:
 * WebM/Matroska (EBML header, Chrome and Firefox), Ogg ("OggS") or MP4 ("ftyp" at offset 4, Safari).
 */
export function audioContainerOf(data: Buffer): 'webm' | 'ogg' | 'm4a' | null {
  if (data.length < 12) return null;
  if (data.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (data.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return 'm4a';
  return null;
}

/**
 * Chat (issue #15, decision 048): single conversations between two users, messages with a
 * per-conversation sequence, revoke, delete for me, read state, and the rules of who may say what
 * when. Every change is published after commit through the outbox on `chat:<id>` and the members'
 * `user:<id>` topics.
 */
export function createChatService(deps: { db: Db; clock: Clock; outbox: Outbox; storage: FileStorage }) {
  const { db, clock, outbox } = deps;

  async function membership(conversationId: number, userId: number): Promise<MemberRow | null> {
    const [row] = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
    return row ?? null;
  }

  /** The caller's side of a conversation; someone else's conversation answers as not found. */
  async function ownMembership(me: AuthUser, conversationId: number): Promise<MemberRow> {
    const row = await membership(conversationId, me.id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  async function rolesOf(userId: number): Promise<string[]> {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return rows.map((row) => row.role);
  }

  /**
   * Whether the two may write to each other now: always when either is customer service; otherwise
   * through an order between them (customer and its provider) that was accepted and whose service
   * ended (or that was cancelled) less than 24 hours ago.
   */
  async function gateBetween(
    a: number,
    b: number,
    known: { rolesA?: readonly string[]; rolesB?: readonly string[] } = {},
  ): Promise<{ canSend: boolean; closedReason: 'chatClosed' | 'chatNotOpen' | null; masked: boolean }> {
    const [rolesA, rolesB] = await Promise.all([known.rolesA ?? rolesOf(a), known.rolesB ?? rolesOf(b)]);
    if (rolesA.includes('customer_service') || rolesB.includes('customer_service')) {
      return { canSend: true, closedReason: null, masked: false };
    }
    // A home visit's customer and provider (accepted), or an in-store visit's customer and the
    // store's staff (paid: it reached "to be used"); each order's window ends 24 h after it ended.
    const orders = await queryRows<{ via: 'provider' | 'store'; ended_at: Date | null }>(
      db,
      sql`select 'provider' as via,
            (select min(h.at) from order_status_history h
              where h.order_id = o.id
                and (h.to_status = ${ORDER_STATUS_CODES.serviceEnded} or h.to_status >= ${ORDER_STATUS_CODES.cancelled})
            ) as ended_at
          from orders o join therapists t on t.id = o.therapist_id
          where o.accepted_at is not null
            and ((o.customer_id = ${a} and t.user_id = ${b}) or (o.customer_id = ${b} and t.user_id = ${a}))
          union all
          select 'store' as via,
            (select min(h.at) from order_status_history h
              where h.order_id = o.id
                and (h.to_status = ${ORDER_STATUS_CODES.consumed} or h.to_status >= ${ORDER_STATUS_CODES.cancelled})
            ) as ended_at
          from orders o join store_staff s on s.store_id = o.store_id
          where exists (select 1 from order_status_history h
                         where h.order_id = o.id and h.to_status = ${ORDER_STATUS_CODES.toBeUsed})
            and ((o.customer_id = ${a} and s.user_id = ${b}) or (o.customer_id = ${b} and s.user_id = ${a}))`,
      { ended_at: 'date' },
    );
    if (!orders.length) return { canSend: false, closedReason: 'chatNotOpen', masked: true };
    const now = clock.now().getTime();
    const open = orders.some(
      (order) => !order.ended_at || now < order.ended_at.getTime() + ORDER_CHAT_GRACE_MS,
    );
    // Contact details are masked where a provider could take the customer off the platform.
    const masked = orders.some((order) => order.via === 'provider');
    return { canSend: open, closedReason: open ? null : 'chatClosed', masked };
  }

  async function peerOf(member: Pick<MemberRow, 'peerId'>) {
    const [peer] = await db
      .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, member.peerId));
    return {
      id: member.peerId,
      nickname: peer?.nickname ?? '',
      avatarUrl: peer?.avatarKey ? uploadUrl(peer.avatarKey) : null,
    };
  }

  async function lastMessageFor(member: MemberRow): Promise<ChatMessage | null> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, member.conversationId))
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    if (!row) return null;
    const [deleted] = await db
      .select()
      .from(chatMessageDeletions)
      .where(and(eq(chatMessageDeletions.messageId, row.id), eq(chatMessageDeletions.userId, member.userId)));
    return messageOf(row, Boolean(deleted));
  }

  async function conversationOf(member: MemberRow): Promise<Conversation> {
    const [conversation] = await db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, member.conversationId));
    const [userInfo, lastMessage, gate] = await Promise.all([
      peerOf(member),
      lastMessageFor(member),
      gateBetween(member.userId, member.peerId),
    ]);
    return {
      id: member.conversationId,
      type: 1,
      friendUid: member.peerId,
      userInfo,
      unreadCount: member.unreadCount,
      lastReadSeq: member.lastReadSeq,
      lastSeq: conversation?.lastSeq ?? 0,
      updateTime: member.updatedAt.toISOString(),
      pinned: member.pinned,
      muted: member.muted,
      hidden: member.hidden,
      lastMessage,
      canSend: gate.canSend,
      closedReason: gate.closedReason,
    };
  }

  const topicsOf = (conversationId: number, ...userIds: number[]) => [
    `chat:${conversationId}`,
    ...userIds.map((id) => `user:${id}`),
  ];

  /** The message this user already sent under `uniqueId` (a resend), or null. */
  async function existingByUniqueId(me: AuthUser, conversationId: number, uniqueId: string) {
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.uniqueId, uniqueId));
    if (!row) return null;
    if (row.fromUid !== me.id || row.conversationId !== conversationId) {
      throw new AppError('validationFailed', { fields: 'uniqueId' });
    }
    return messageOf(row, false);
  }

  async function orderBetween(orderId: number, a: number, b: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select o.id from orders o left join therapists t on t.id = o.therapist_id
          where o.id = ${orderId}
            and ((o.customer_id = ${a} and t.user_id = ${b}) or (o.customer_id = ${b} and t.user_id = ${a}))`,
    );
    return rows.length > 0;
  }

  /**
   * Writes the message with the conversation's next sequence, the members' counts and its event in
   * the caller's transaction; null when its `uniqueId` was already taken (a racing resend).
   */
  async function writeMessage(
    tx: Db,
    senderId: number,
    member: Pick<MemberRow, 'conversationId' | 'peerId'>,
    message: NewMessage,
  ): Promise<ChatMessage | null> {
    const now = clock.now();
    const clientCreateTime = message.clientCreateTime ? new Date(message.clientCreateTime) : null;
    // One statement instead of four round trips: the conversation's next sequence, the message, and
    // both members' rows (the peer's unread count, the sender's read mark) when the message was new.
    const [written] = await queryRows<{ id: number; seq: number }>(
      tx,
      sql`with conversation as (
            update chat_conversations set last_seq = last_seq + 1, updated_at = ${now.toISOString()}::timestamptz
            where id = ${member.conversationId} returning last_seq
          ),
          message as (
            insert into chat_messages (conversation_id, seq, unique_id, from_uid, to_uid, type, body,
              image_key, voice_duration_ms, order_id, about_msg_id, client_create_time, created_at)
            select ${member.conversationId}::int, last_seq, ${message.uniqueId}::text, ${senderId}::int,
              ${member.peerId}::int, ${message.type}::smallint, ${message.body}::text,
              ${message.imageKey ?? null}::text, ${message.voiceDurationMs ?? null}::int,
              ${message.orderId ?? null}::int, ${message.aboutMsgId ?? null}::int,
              ${clientCreateTime?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz
            from conversation
            on conflict (unique_id) do nothing
            returning id, seq
          ),
          members as (
            update chat_members set
              unread_count = case when user_id = ${member.peerId} then unread_count + 1 else unread_count end,
              last_read_seq = case when user_id = ${senderId} then (select seq from message) else last_read_seq end,
              hidden = false,
              updated_at = ${now.toISOString()}::timestamptz
            where conversation_id = ${member.conversationId} and user_id in (${member.peerId}, ${senderId})
              and exists (select 1 from message)
          )
          select id, seq from message`,
    );
    // No conversation, or a resend racing its first attempt (whose transaction made it): nothing made.
    if (!written) return null;
    const row: MessageRow = {
      id: written.id,
      conversationId: member.conversationId,
      seq: written.seq,
      uniqueId: message.uniqueId,
      fromUid: senderId,
      toUid: member.peerId,
      type: message.type,
      body: message.body,
      imageKey: message.imageKey ?? null,
      voiceDurationMs: message.voiceDurationMs ?? null,
      orderId: message.orderId ?? null,
      aboutMsgId: message.aboutMsgId ?? null,
      clientCreateTime,
      createdAt: now,
      revokedAt: null,
    };
    const view = messageOf(row, false);
    await outbox.add(tx, {
      aggregateType: 'chatConversation',
      aggregateId: member.conversationId,
      eventType: CHAT_MESSAGE_EVENT,
      payload: view,
      topics: topicsOf(member.conversationId, member.peerId, senderId),
    });
    return view;
  }

  /** Writes the message and its event in one transaction; a racing resend answers the first. */
  async function insertMessage(me: AuthUser, member: MemberRow, message: NewMessage): Promise<ChatMessage> {
    const written = await outbox.transaction((tx) => writeMessage(tx, me.id, member, message));
    if (written) return written;
    const again = await existingByUniqueId(me, member.conversationId, message.uniqueId);
    if (!again) throw new AppError('notFound');
    return again;
  }

  /**
   * The checks every new message passes before anything is written, read in one round trip: my side
   * of the conversation, whether `uniqueId` was already sent (a resend answers the stored message),
   * the peer's roles (the gate; mine are on the session), how many messages I sent in the send
   * limit's window (a flood is refused, nothing stored) and the forbidden words.
   */
  async function admit(me: AuthUser, conversationId: number, uniqueId: string) {
    const since = new Date(clock.now().getTime() - SEND_LIMIT.windowMs);
    const [row] = await db
      .select({
        member: chatMembers,
        resentId: sql<
          number | null
        >`(select ${chatMessages.id} from ${chatMessages} where ${chatMessages.uniqueId} = ${uniqueId})`,
        peerRoles: sql<
          string[]
        >`(select coalesce(array_agg(${userRoles.role}), '{}') from ${userRoles} where ${userRoles.userId} = ${chatMembers.peerId})`,
        sentInWindow: sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.fromUid} = ${me.id} and ${chatMessages.createdAt} > ${since.toISOString()}::timestamptz)`,
        forbiddenWords: sql<
          string[]
        >`(select coalesce(array_agg(${chatForbiddenWords.word}), '{}') from ${chatForbiddenWords})`,
      })
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, me.id)));
    if (!row) throw new AppError('notFound');
    const { member } = row;
    if (row.resentId !== null) {
      const resent = await existingByUniqueId(me, conversationId, uniqueId);
      if (resent) return { member, resent, masked: false, forbiddenWords: [] };
    }
    const gate = await gateBetween(me.id, member.peerId, { rolesA: me.roles, rolesB: row.peerRoles });
    if (!gate.canSend) throw new AppError(gate.closedReason ?? 'chatNotOpen');
    if (Number(row.sentInWindow) >= SEND_LIMIT.max) throw new AppError('chatSendingTooFast');
    return { member, resent: null, masked: gate.masked, forbiddenWords: row.forbiddenWords };
  }

  return {
    /**
     * For voice calls (decision 057): my side of the conversation if the two of us may talk now
     * (the same gate as a message); someone else's conversation answers as not found.
     */
    async memberWhoMayTalk(me: AuthUser, conversationId: number): Promise<MemberRow> {
      const member = await ownMembership(me, conversationId);
      const gate = await gateBetween(me.id, member.peerId);
      if (!gate.canSend) throw new AppError(gate.closedReason ?? 'chatNotOpen');
      return member;
    },

    /** The other member as the chat shows them (nickname, avatar). */
    peerOf,

    /** A message written by the platform on `senderId`'s behalf inside the caller's transaction (call outcomes). */
    writeMessage,

    /** The spec's lookup by friend/user id: the one conversation with that user, made on first use. */
    async open(me: AuthUser, toUid: number): Promise<Conversation> {
      if (toUid === me.id) throw new AppError('chatWithSelf');
      const [peer] = await db.select({ id: users.id }).from(users).where(eq(users.id, toUid));
      if (!peer) throw new AppError('chatUserNotFound');
      const pairKey = `${Math.min(me.id, toUid)}:${Math.max(me.id, toUid)}`;
      const [existing] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.pairKey, pairKey));
      if (existing) return conversationOf(await ownMembership(me, existing.id));
      // Only people with a reason to talk get a conversation: an accepted order, or customer service.
      const gate = await gateBetween(me.id, toUid);
      if (gate.closedReason === 'chatNotOpen') throw new AppError('chatNotOpen');
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(chatConversations)
          .values({ pairKey, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: chatConversations.pairKey })
          .returning({ id: chatConversations.id });
        if (!made) return null;
        await tx.insert(chatMembers).values([
          { conversationId: made.id, userId: me.id, peerId: toUid, updatedAt: now },
          { conversationId: made.id, userId: toUid, peerId: me.id, updatedAt: now },
        ]);
        return made.id;
      });
      if (id !== null) return conversationOf(await ownMembership(me, id));
      // Both opened it at once: the other request made it.
      const [made] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.pairKey, pairKey));
      if (!made) throw new AppError('notFound');
      return conversationOf(await ownMembership(me, made.id));
    },

    /** The conversation with the other party of one of my orders (its customer or its provider). */
    async openForOrder(me: AuthUser, orderId: number): Promise<Conversation> {
      const [order] = await queryRows<{ customer_id: number; provider_user_id: number | null }>(
        db,
        sql`select o.customer_id, t.user_id as provider_user_id
            from orders o left join therapists t on t.id = o.therapist_id where o.id = ${orderId}`,
      );
      if (!order || (order.customer_id !== me.id && order.provider_user_id !== me.id))
        throw new AppError('notFound');
      const peer = order.customer_id === me.id ? order.provider_user_id : order.customer_id;
      if (!peer) throw new AppError('chatNotOpen');
      return this.open(me, peer);
    },

    async get(me: AuthUser, conversationId: number): Promise<Conversation> {
      return conversationOf(await ownMembership(me, conversationId));
    },

    /** My conversations, pinned first then newest first, 30 a page; hidden ones left out. */
    async list(me: AuthUser, page: number) {
      const rows = await db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, me.id), eq(chatMembers.hidden, false)))
        .orderBy(desc(chatMembers.pinned), desc(chatMembers.updatedAt), desc(chatMembers.conversationId))
        .limit(CHAT_PAGE_SIZE)
        .offset((page - 1) * CHAT_PAGE_SIZE);
      const items = await Promise.all(rows.map(conversationOf));
      // Spec: hasMore only when a full page came back.
      return { items, page, pageSize: CHAT_PAGE_SIZE, hasMore: rows.length === CHAT_PAGE_SIZE };
    },

    async unreadTotal(me: AuthUser) {
      const [row] = await db
        .select({ count: sql<number>`coalesce(sum(${chatMembers.unreadCount}), 0)::int` })
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, me.id), eq(chatMembers.muted, false)));
      return { count: row?.count ?? 0 };
    },

    /**
     * A page of messages, oldest first: the newest 30, or 30 older than `before`, or (after a
     * reconnect) everything after `since`, up to 200 at a time.
     */
    async messages(me: AuthUser, conversationId: number, query: { before?: number; since?: number }) {
      await ownMembership(me, conversationId);
      const inConversation = eq(chatMessages.conversationId, conversationId);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (query.since !== undefined) {
        rows = await db
          .select()
          .from(chatMessages)
          .where(and(inConversation, gt(chatMessages.seq, query.since)))
          .orderBy(asc(chatMessages.seq))
          .limit(CATCH_UP_MAX + 1);
        hasMore = rows.length > CATCH_UP_MAX;
        rows = rows.slice(0, CATCH_UP_MAX);
      } else {
        const older = await db
          .select()
          .from(chatMessages)
          .where(
            query.before !== undefined
              ? and(inConversation, lt(chatMessages.seq, query.before))
              : inConversation,
          )
          .orderBy(desc(chatMessages.seq))
          .limit(CHAT_PAGE_SIZE + 1);
        hasMore = older.length > CHAT_PAGE_SIZE;
        rows = older.slice(0, CHAT_PAGE_SIZE).reverse();
      }
      const deleted = new Set(
        rows.length
          ? (
              await db
                .select({ messageId: chatMessageDeletions.messageId })
                .from(chatMessageDeletions)
                .where(
                  and(
                    eq(chatMessageDeletions.userId, me.id),
                    sql`${chatMessageDeletions.messageId} in ${rows.map((row) => row.id)}`,
                  ),
                )
            ).map((row) => row.messageId)
          : [],
      );
      return { items: rows.map((row) => messageOf(row, deleted.has(row.id))), hasMore };
    },

    async send(me: AuthUser, conversationId: number, input: SendMessageInput): Promise<ChatMessage> {
      const { member, resent, masked, forbiddenWords } = await admit(me, conversationId, input.uniqueId);
      if (resent) return resent;
      if (input.type === 'orderCard') {
        if (!(await orderBetween(input.orderId, me.id, member.peerId))) throw new AppError('notFound');
        return insertMessage(me, member, {
          uniqueId: input.uniqueId,
          type: CHAT_MESSAGE_TYPES.orderCard,
          body: '',
          orderId: input.orderId,
          ...(input.clientCreateTime ? { clientCreateTime: input.clientCreateTime } : {}),
        });
      }
      if (containsForbiddenWord(input.body, forbiddenWords)) throw new AppError('chatForbiddenContent');
      if (input.aboutMsgId !== undefined) {
        const [about] = await db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(eq(chatMessages.id, input.aboutMsgId), eq(chatMessages.conversationId, conversationId)));
        if (!about) throw new AppError('notFound');
      }
      return insertMessage(me, member, {
        uniqueId: input.uniqueId,
        type: CHAT_MESSAGE_TYPES.text,
        body: masked ? maskContactDetails(input.body) : input.body,
        ...(input.aboutMsgId !== undefined ? { aboutMsgId: input.aboutMsgId } : {}),
        ...(input.clientCreateTime ? { clientCreateTime: input.clientCreateTime } : {}),
      });
    },

    /** Same checks as avatars and address photos: the content must be an image; re-encoding drops its metadata. */
    async sendImage(
      me: AuthUser,
      conversationId: number,
      uniqueId: string,
      upload: Buffer,
    ): Promise<ChatMessage> {
      const { member, resent } = await admit(me, conversationId, uniqueId);
      if (resent) return resent;
      const webp = await reencodeUploadedImage(upload, IMAGE_LONG_SIDE);
      // The name is the content's digest under an unguessable prefix: only the members learn it.
      const digest = createHash('sha256').update(webp).update(uniqueId).digest('hex').slice(0, 32);
      const key = `chat/${conversationId}-${digest}.webp`;
      await deps.storage.put(key, webp);
      return insertMessage(me, member, { uniqueId, type: CHAT_MESSAGE_TYPES.image, body: '', imageKey: key });
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
      const { member, resent } = await admit(me, conversationId, input.uniqueId);
      if (resent) return resent;
      if (input.durationMs < VOICE_MIN_MS) throw new AppError('chatVoiceTooShort');
      if (input.durationMs > VOICE_MAX_MS)
        throw new AppError('chatVoiceTooLong', { limit: VOICE_MAX_MS / 1000 });
      const extension = audioContainerOf(upload);
      if (!extension) throw new AppError('chatVoiceNotAudio');
      const digest = createHash('sha256').update(upload).update(input.uniqueId).digest('hex').slice(0, 32);
      const key = `chat/${conversationId}-${digest}.${extension}`;
      await deps.storage.put(key, upload);
      return insertMessage(me, member, {
        uniqueId: input.uniqueId,
        type: CHAT_MESSAGE_TYPES.voice,
        body: '',
        imageKey: key,
        voiceDurationMs: input.durationMs,
      });
    },

    /** Own message within 2 minutes; customer service any message of their conversations, any time. */
    async revoke(me: AuthUser, messageId: number): Promise<ChatMessage> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      if (!row) throw new AppError('notFound');
      const member = await ownMembership(me, row.conversationId);
      if (row.revokedAt) return messageOf(row, false);
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
        const [revoked] = await tx
          .update(chatMessages)
          .set({ revokedAt: now, body: '', imageKey: null })
          .where(eq(chatMessages.id, messageId))
          .returning();
        if (!revoked) throw new AppError('notFound');
        // A recalled text must not live on in its translations (decision 058).
        await tx.delete(chatMessageTranslations).where(eq(chatMessageTranslations.messageId, messageId));
        const view = messageOf(revoked, false);
        await outbox.add(tx, {
          aggregateType: 'chatConversation',
          aggregateId: row.conversationId,
          eventType: CHAT_REVOKED_EVENT,
          payload: view,
          topics: topicsOf(row.conversationId, member.peerId, me.id),
        });
        return view;
      });
      // A recalled picture is gone for everyone: its file too, not only its link.
      if (row.imageKey) await deps.storage.remove(row.imageKey);
      return view;
    },

    /** Delete for me: the other member still sees it. */
    async deleteForMe(me: AuthUser, messageId: number): Promise<ChatMessage> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      if (!row) throw new AppError('notFound');
      await ownMembership(me, row.conversationId);
      await db.insert(chatMessageDeletions).values({ messageId, userId: me.id }).onConflictDoNothing();
      return messageOf(row, true);
    },

    /** Read up to the newest message: clears the unread count on every one of my devices. */
    async markRead(me: AuthUser, conversationId: number): Promise<Conversation> {
      const member = await ownMembership(me, conversationId);
      await outbox.transaction(async (tx) => {
        const [conversation] = await tx
          .select({ lastSeq: chatConversations.lastSeq })
          .from(chatConversations)
          .where(eq(chatConversations.id, conversationId));
        const lastReadSeq = conversation?.lastSeq ?? 0;
        await tx
          .update(chatMembers)
          .set({ unreadCount: 0, lastReadSeq })
          .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, me.id)));
        await outbox.add(tx, {
          aggregateType: 'chatConversation',
          aggregateId: conversationId,
          eventType: CHAT_READ_EVENT,
          payload: { conversationId, userId: me.id, lastReadSeq },
          topics: topicsOf(conversationId, me.id).filter((topic) => topic !== `user:${member.peerId}`),
        });
      });
      return conversationOf(await ownMembership(me, conversationId));
    },

    async updateSettings(
      me: AuthUser,
      conversationId: number,
      settings: { pinned?: boolean; muted?: boolean; hidden?: boolean },
    ): Promise<Conversation> {
      await ownMembership(me, conversationId);
      await db
        .update(chatMembers)
        .set(settings)
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, me.id)));
      return conversationOf(await ownMembership(me, conversationId));
    },

    /** Whether the user may follow `chat:<id>`: its members only. */
    async canFollow(user: AuthUser, id: string): Promise<boolean> {
      const conversationId = Number(id);
      if (!Number.isSafeInteger(conversationId) || conversationId < 1 || conversationId > 2_147_483_647)
        return false;
      return (await membership(conversationId, user.id)) !== null;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
