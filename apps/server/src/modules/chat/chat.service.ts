import { createHash } from 'node:crypto';
import { ORDER_STATUS_CODES } from '@sabai/shared/booking/order-status';
import {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_TYPES,
  CHAT_PAGE_SIZE,
  CHAT_READ_EVENT,
  CHAT_REVOKED_EVENT,
  type ChatGroupDetail,
  type ChatGroupInfo,
  type ChatGroupMember,
  type ChatMessage,
  CONVERSATION_TYPES,
  type Conversation,
  GROUP_MEMBERS_MAX,
  REVOKE_WINDOW_MS,
  type SendMessageInput,
  VOICE_MAX_MS,
  VOICE_MIN_MS,
} from '@sabai/shared/chat/chat.schemas';
import type { Language } from '@sabai/shared/i18n';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  chatConversations,
  chatForbiddenWords,
  chatGroups,
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
import { localised } from '../../lib/localised';
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

/** `groupId`: the group of a group conversation's message (decision 061), else null. */
/** The row a new message is written as: what the statement made (id, seq) and what was sent. */
function newMessageRow(
  made: { id: number; seq: number },
  senderId: number,
  member: Pick<MemberRow, 'conversationId' | 'peerId'>,
  message: NewMessage,
  now: Date,
): MessageRow {
  return {
    id: made.id,
    conversationId: member.conversationId,
    seq: made.seq,
    uniqueId: message.uniqueId,
    fromUid: senderId,
    toUid: member.peerId,
    type: message.type,
    body: message.body,
    imageKey: message.imageKey ?? null,
    voiceDurationMs: message.voiceDurationMs ?? null,
    orderId: message.orderId ?? null,
    aboutMsgId: message.aboutMsgId ?? null,
    clientCreateTime: message.clientCreateTime ? new Date(message.clientCreateTime) : null,
    createdAt: now,
    revokedAt: null,
  };
}

function messageOf(row: MessageRow, deletedForMe: boolean, groupId: number | null = null): ChatMessage {
  return {
    msgId: row.id,
    uniqueId: row.uniqueId,
    conversationId: row.conversationId,
    seq: row.seq,
    fromUid: row.fromUid,
    toUid: row.toUid,
    groupId,
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

  /**
   * Whether this member may send now. A team group's members always may, unmasked: the gate and the
   * masking of decision 048 guard a customer and a provider, who never share a team (decision 061).
   */
  async function gateOf(member: Pick<MemberRow, 'userId' | 'peerId'>) {
    if (member.peerId === null) return { canSend: true, closedReason: null, masked: false };
    return gateBetween(member.userId, member.peerId);
  }

  /** The group whose conversation this is, or null for a single conversation. */
  async function groupRowOf(conversationId: number) {
    const [row] = await db.select().from(chatGroups).where(eq(chatGroups.conversationId, conversationId));
    return row ?? null;
  }

  /** The spec's group info: the name and picture are the store's (in the reader's language) or the partner's. */
  async function groupInfoOf(group: typeof chatGroups.$inferSelect, lang: Language): Promise<ChatGroupInfo> {
    const [row] = await queryRows<{
      names: Record<string, string> | null;
      photos: string[] | null;
      nickname: string | null;
      avatar_key: string | null;
      member_count: number;
    }>(
      db,
      sql`select s.names, s.photos, u.nickname, u.avatar_key,
            (select count(*)::int from chat_members m where m.conversation_id = ${group.conversationId}) as member_count
          from chat_groups g
          left join stores s on s.id = g.store_id
          left join users u on u.id = g.owner_id
          where g.id = ${group.id}`,
    );
    const name = group.kind === 'storeTeam' ? localised(row?.names, lang) : (row?.nickname ?? '');
    const avatarUrl =
      group.kind === 'storeTeam'
        ? (row?.photos?.[0] ?? null)
        : row?.avatar_key
          ? uploadUrl(row.avatar_key)
          : null;
    return {
      id: group.id,
      kind: group.kind,
      name,
      introduction: group.introduction,
      avatarUrl,
      memberCount: row?.member_count ?? 0,
    };
  }

  /** Every member's id (the group's fan-out: each one's `user:` topic hears the message). */
  async function memberIdsOf(tx: Db, conversationId: number): Promise<number[]> {
    const rows = await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(eq(chatMembers.conversationId, conversationId));
    return rows.map((row) => row.userId);
  }

  /** The topics a conversation's change goes to: `chat:<id>` and the members' `user:<id>`. */
  async function topicsFor(tx: Db, member: Pick<MemberRow, 'conversationId' | 'peerId'>, me: number) {
    if (member.peerId !== null) return topicsOf(member.conversationId, member.peerId, me);
    return topicsOf(member.conversationId, ...(await memberIdsOf(tx, member.conversationId)));
  }

  async function peerOf(member: { peerId: number }) {
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

  async function lastMessageFor(member: MemberRow, groupId: number | null): Promise<ChatMessage | null> {
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
    return messageOf(row, Boolean(deleted), groupId);
  }

  async function conversationOf(member: MemberRow, lang: Language): Promise<Conversation> {
    const [conversation] = await db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, member.conversationId));
    const peerId = member.peerId;
    const group = peerId === null ? await groupRowOf(member.conversationId) : null;
    const [userInfo, groupInfo, lastMessage, gate] = await Promise.all([
      peerId === null ? null : peerOf({ peerId }),
      group ? groupInfoOf(group, lang) : null,
      lastMessageFor(member, group?.id ?? null),
      gateOf(member),
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
    return messageOf(
      row,
      false,
      row.toUid === null ? ((await groupRowOf(conversationId))?.id ?? null) : null,
    );
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
    // the members' rows when the message was new: every other member's unread count (the peer's, or
    // each of a group's members), the sender's read mark.
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
              unread_count = case when user_id <> ${senderId} then unread_count + 1 else unread_count end,
              last_read_seq = case when user_id = ${senderId} then (select seq from message) else last_read_seq end,
              hidden = false,
              updated_at = ${now.toISOString()}::timestamptz
            where conversation_id = ${member.conversationId} and exists (select 1 from message)
          )
          select id, seq from message`,
    );
    // No conversation, or a resend racing its first attempt (whose transaction made it): nothing made.
    if (!written) return null;
    const row = newMessageRow(written, senderId, member, message, now);
    const groupId =
      member.peerId === null
        ? ((
            await tx
              .select({ id: chatGroups.id })
              .from(chatGroups)
              .where(eq(chatGroups.conversationId, member.conversationId))
          )[0]?.id ?? null)
        : null;
    const view = messageOf(row, false, groupId);
    await outbox.add(tx, {
      aggregateType: 'chatConversation',
      // Live at once (decision 066): the topic numbers are taken here, published on commit.
      deliverOnCommit: true,
      aggregateId: member.conversationId,
      eventType: CHAT_MESSAGE_EVENT,
      payload: view,
      topics: await topicsFor(tx, member, senderId),
    });
    return view;
  }

  /**
   * `writeMessage` and its event as ONE autocommitted statement, its text written once (decision
   * 074): the conversation's next sequence (its row locked first, so the topic numbers taken after
   * it follow the message order), the message, the members' counts, the outbox row with the message
   * view as its payload (the view built here, its `msgId`, `seq` and `groupId` filled in SQL), and,
   * through the outbox, realtime's topic numbers. No row when the `uniqueId` was taken (a racing
   * resend): nothing else is written then. A group's topics are its members at the statement's
   * snapshot, as `topicsFor` reads them inside the transaction.
   */
  const sendStatement = outbox.statementWithEvent<{
    message_id: number | string;
    message_seq: number;
    group_id: number | null;
  }>({
    name: 'chat_send',
    aggregateType: 'chatConversation',
    eventType: CHAT_MESSAGE_EVENT,
    change: `conversation as (
        update chat_conversations set last_seq = last_seq + 1, updated_at = $2::timestamptz
        where id = $1::int returning last_seq
      ),
      message as (
        insert into chat_messages (conversation_id, seq, unique_id, from_uid, to_uid, type, body,
          image_key, voice_duration_ms, order_id, about_msg_id, client_create_time, created_at)
        select $1::int, last_seq, $3::text, $4::int, $5::int, $6::smallint, $7::text, $8::text, $9::int,
          $10::int, $11::int, $12::timestamptz, $2::timestamptz
        from conversation
        on conflict (unique_id) do nothing
        returning id, seq
      ),
      members as (
        update chat_members set
          unread_count = case when user_id <> $4::int then unread_count + 1 else unread_count end,
          last_read_seq = case when user_id = $4::int then (select seq from message) else last_read_seq end,
          hidden = false,
          updated_at = $2::timestamptz
        where conversation_id = $1::int and exists (select 1 from message)
      ),
      event_source as (
        select m.id as message_id, m.seq as message_seq, g.id as group_id,
          ($1::int)::text as aggregate_id,
          $13::jsonb || jsonb_build_object('msgId', m.id, 'seq', m.seq, 'groupId', g.id) as payload,
          case when $5::int is null
            then array(select 'chat:' || $1::int union all
                       select 'user:' || cm.user_id from chat_members cm where cm.conversation_id = $1::int)
            else array['chat:' || $1::int, 'user:' || $5::int, 'user:' || $4::int]
          end as topics,
          $2::timestamptz as created_at
        from message m left join chat_groups g on $5::int is null and g.conversation_id = $1::int
      )`,
    columns: 's.message_id, s.message_seq, s.group_id',
  });

  /** Writes the message and its event in one statement; a racing resend answers the first. */
  async function insertMessage(me: AuthUser, member: MemberRow, message: NewMessage): Promise<ChatMessage> {
    const now = clock.now();
    const clientCreateTime = message.clientCreateTime ? new Date(message.clientCreateTime) : null;
    // The view as the event carries it; what only the statement knows is filled in by it (and here).
    const draft = messageOf(newMessageRow({ id: 0, seq: 0 }, me.id, member, message, now), false);
    const viewOf = (row: { message_id: number | string; message_seq: number; group_id: number | null }) => ({
      ...draft,
      msgId: Number(row.message_id),
      seq: Number(row.message_seq),
      groupId: row.group_id === null ? null : Number(row.group_id),
    });
    const written = await sendStatement(
      [
        member.conversationId,
        now.toISOString(),
        message.uniqueId,
        me.id,
        member.peerId,
        message.type,
        message.body,
        message.imageKey ?? null,
        message.voiceDurationMs ?? null,
        message.orderId ?? null,
        message.aboutMsgId ?? null,
        clientCreateTime?.toISOString() ?? null,
        JSON.stringify(draft),
      ],
      viewOf,
    );
    if (written) return viewOf(written);
    const again = await existingByUniqueId(me, member.conversationId, message.uniqueId);
    if (!again) throw new AppError('notFound');
    return again;
  }

  /**
   * `admit`'s one read, prepared once per service (decision 071): every chat send runs it, and
   * building its five-part select through drizzle, then having PostgreSQL parse and plan it, was a
   * measurable share of the send's CPU. It runs on the pool, never inside a transaction (069).
   */
  const admissionQuery = db
    .select({
      member: chatMembers,
      resentId: sql<
        number | null
      >`(select ${chatMessages.id} from ${chatMessages} where ${chatMessages.uniqueId} = ${sql.placeholder('uniqueId')})`,
      peerRoles: sql<
        string[]
      >`(select coalesce(array_agg(${userRoles.role}), '{}') from ${userRoles} where ${userRoles.userId} = ${chatMembers.peerId})`,
      sentInWindow: sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.fromUid} = ${sql.placeholder('userId')} and ${chatMessages.createdAt} > ${sql.placeholder('since')}::timestamptz)`,
      forbiddenWords: sql<
        string[]
      >`(select coalesce(array_agg(${chatForbiddenWords.word}), '{}') from ${chatForbiddenWords})`,
    })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, sql.placeholder('conversationId')),
        eq(chatMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('chat_admission');

  /**
   * The checks every new message passes before anything is written, read in one round trip: my side
   * of the conversation, whether `uniqueId` was already sent (a resend answers the stored message),
   * the peer's roles (the gate; mine are on the session), how many messages I sent in the send
   * limit's window (a flood is refused, nothing stored) and the forbidden words.
   */
  async function admit(me: AuthUser, conversationId: number, uniqueId: string) {
    const since = new Date(clock.now().getTime() - SEND_LIMIT.windowMs);
    const [row] = await admissionQuery.execute({
      conversationId,
      userId: me.id,
      uniqueId,
      since: since.toISOString(),
    });
    if (!row) throw new AppError('notFound');
    const { member } = row;
    if (row.resentId !== null) {
      const resent = await existingByUniqueId(me, conversationId, uniqueId);
      if (resent) return { member, resent, masked: false, forbiddenWords: [] };
    }
    // A team group's members always may, unmasked (gateOf); a single chat's gate knows both roles.
    const gate =
      member.peerId === null
        ? await gateOf(member)
        : await gateBetween(me.id, member.peerId, { rolesA: me.roles, rolesB: row.peerRoles });
    if (!gate.canSend) throw new AppError(gate.closedReason ?? 'chatNotOpen');
    if (Number(row.sentInWindow) >= SEND_LIMIT.max) throw new AppError('chatSendingTooFast');
    return { member, resent: null, masked: gate.masked, forbiddenWords: row.forbiddenWords };
  }

  return {
    /**
     * For voice calls (decision 057): my side of the conversation if the two of us may talk now
     * (the same gate as a message); someone else's conversation answers as not found.
     */
    async memberWhoMayTalk(me: AuthUser, conversationId: number): Promise<MemberRow & { peerId: number }> {
      const member = await ownMembership(me, conversationId);
      const peerId = member.peerId;
      // A call is between two: a group has no one to ring.
      if (peerId === null) throw new AppError('chatNotOpen');
      const gate = await gateBetween(me.id, peerId);
      if (!gate.canSend) throw new AppError(gate.closedReason ?? 'chatNotOpen');
      return { ...member, peerId };
    },

    /** The other member as the chat shows them (nickname, avatar). */
    peerOf,

    /** A message written by the platform on `senderId`'s behalf inside the caller's transaction (call outcomes). */
    writeMessage,

    /** The spec's lookup by friend/user id: the one conversation with that user, made on first use. */
    async open(me: AuthUser, toUid: number, lang: Language = 'en'): Promise<Conversation> {
      if (toUid === me.id) throw new AppError('chatWithSelf');
      const [peer] = await db.select({ id: users.id }).from(users).where(eq(users.id, toUid));
      if (!peer) throw new AppError('chatUserNotFound');
      const pairKey = `${Math.min(me.id, toUid)}:${Math.max(me.id, toUid)}`;
      const [existing] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.pairKey, pairKey));
      if (existing) return conversationOf(await ownMembership(me, existing.id), lang);
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
      if (id !== null) return conversationOf(await ownMembership(me, id), lang);
      // Both opened it at once: the other request made it.
      const [made] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.pairKey, pairKey));
      if (!made) throw new AppError('notFound');
      return conversationOf(await ownMembership(me, made.id), lang);
    },

    /** The conversation with the other party of one of my orders (its customer or its provider). */
    async openForOrder(me: AuthUser, orderId: number, lang: Language = 'en'): Promise<Conversation> {
      const [order] = await queryRows<{ customer_id: number; provider_user_id: number | null }>(
        db,
        sql`select o.customer_id, t.user_id as provider_user_id
            from orders o left join therapists t on t.id = o.therapist_id where o.id = ${orderId}`,
      );
      if (!order || (order.customer_id !== me.id && order.provider_user_id !== me.id))
        throw new AppError('notFound');
      const peer = order.customer_id === me.id ? order.provider_user_id : order.customer_id;
      if (!peer) throw new AppError('chatNotOpen');
      return this.open(me, peer, lang);
    },

    /**
     * The spec's lookup by group id (decision 061): a group of mine, else "group conversation not
     * found" — for a group that does not exist and for someone else's alike.
     */
    async openGroup(me: AuthUser, groupId: number, lang: Language = 'en'): Promise<Conversation> {
      const [group] = await db.select().from(chatGroups).where(eq(chatGroups.id, groupId));
      const member = group ? await membership(group.conversationId, me.id) : null;
      if (!member) throw new AppError('chatGroupNotFound');
      return conversationOf(member, lang);
    },

    /** The group info page: the group, its members (the spec's 1000 at most) and my settings. */
    async groupDetail(me: AuthUser, groupId: number, lang: Language = 'en'): Promise<ChatGroupDetail> {
      const [group] = await db.select().from(chatGroups).where(eq(chatGroups.id, groupId));
      const member = group ? await membership(group.conversationId, me.id) : null;
      if (!group || !member) throw new AppError('chatGroupNotFound');
      const rows = await queryRows<{ id: number; nickname: string; avatar_key: string | null; role: string }>(
        db,
        sql`select u.id, u.nickname, u.avatar_key,
              case when g.owner_id = u.id then 'owner'
                   when exists (select 1 from store_staff s where s.store_id = g.store_id and s.user_id = u.id) then 'staff'
                   when g.kind = 'storeTeam' then 'therapist'
                   else 'member' end as role
            from chat_members m
            join chat_groups g on g.conversation_id = m.conversation_id
            join users u on u.id = m.user_id
            where m.conversation_id = ${group.conversationId}
            order by case when g.owner_id = u.id then 0
                          when exists (select 1 from store_staff s where s.store_id = g.store_id and s.user_id = u.id) then 1
                          else 2 end, u.nickname, u.id
            limit ${GROUP_MEMBERS_MAX}`,
      );
      return {
        group: await groupInfoOf(group, lang),
        conversationId: group.conversationId,
        members: rows.map((row) => ({
          id: row.id,
          nickname: row.nickname,
          avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
          role: row.role as ChatGroupMember['role'],
        })),
        pinned: member.pinned,
        muted: member.muted,
      };
    },

    async get(me: AuthUser, conversationId: number, lang: Language = 'en'): Promise<Conversation> {
      return conversationOf(await ownMembership(me, conversationId), lang);
    },

    /** My conversations, pinned first then newest first, 30 a page; hidden ones left out. */
    async list(me: AuthUser, page: number, lang: Language = 'en') {
      const rows = await db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, me.id), eq(chatMembers.hidden, false)))
        .orderBy(desc(chatMembers.pinned), desc(chatMembers.updatedAt), desc(chatMembers.conversationId))
        .limit(CHAT_PAGE_SIZE)
        .offset((page - 1) * CHAT_PAGE_SIZE);
      const items = await Promise.all(rows.map((row) => conversationOf(row, lang)));
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
      const member = await ownMembership(me, conversationId);
      const groupId = member.peerId === null ? ((await groupRowOf(conversationId))?.id ?? null) : null;
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
      return { items: rows.map((row) => messageOf(row, deleted.has(row.id), groupId)), hasMore };
    },

    async send(me: AuthUser, conversationId: number, input: SendMessageInput): Promise<ChatMessage> {
      const { member, resent, masked, forbiddenWords } = await admit(me, conversationId, input.uniqueId);
      if (resent) return resent;
      if (input.type === 'orderCard') {
        // An order card is between an order's two parties: a team group has no such pair.
        if (member.peerId === null || !(await orderBetween(input.orderId, me.id, member.peerId)))
          throw new AppError('notFound');
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
      if (row.revokedAt)
        return messageOf(
          row,
          false,
          member.peerId === null ? ((await groupRowOf(row.conversationId))?.id ?? null) : null,
        );
      if (!isCustomerService(me)) {
        // A call's outcome is written by the platform on the caller's behalf: not theirs to recall.
        if (row.fromUid !== me.id || row.type === CHAT_MESSAGE_TYPES.call)
          throw new AppError('chatRevokeNotOwn');
        if (clock.now().getTime() - row.createdAt.getTime() > REVOKE_WINDOW_MS) {
          throw new AppError('chatRevokeTooLate');
        }
      }
      const now = clock.now();
      // Read before the transaction: on PGlite a read through `db` inside it would wait for it.
      const groupId = member.peerId === null ? ((await groupRowOf(row.conversationId))?.id ?? null) : null;
      const view = await outbox.transaction(async (tx) => {
        const [revoked] = await tx
          .update(chatMessages)
          .set({ revokedAt: now, body: '', imageKey: null })
          .where(eq(chatMessages.id, messageId))
          .returning();
        if (!revoked) throw new AppError('notFound');
        // A recalled text must not live on in its translations (decision 058).
        await tx.delete(chatMessageTranslations).where(eq(chatMessageTranslations.messageId, messageId));
        const view = messageOf(revoked, false, groupId);
        await outbox.add(tx, {
          aggregateType: 'chatConversation',
          // Live at once (decision 066): the topic numbers are taken here, published on commit.
          deliverOnCommit: true,
          aggregateId: row.conversationId,
          eventType: CHAT_REVOKED_EVENT,
          payload: view,
          topics: await topicsFor(tx, member, me.id),
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
      const member = await ownMembership(me, row.conversationId);
      await db.insert(chatMessageDeletions).values({ messageId, userId: me.id }).onConflictDoNothing();
      return messageOf(
        row,
        true,
        member.peerId === null ? ((await groupRowOf(row.conversationId))?.id ?? null) : null,
      );
    },

    /** Read up to the newest message: clears the unread count on every one of my devices. */
    async markRead(me: AuthUser, conversationId: number, lang: Language = 'en'): Promise<Conversation> {
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
          // Live at once (decision 066): the topic numbers are taken here, published on commit.
          deliverOnCommit: true,
          aggregateId: conversationId,
          eventType: CHAT_READ_EVENT,
          payload: { conversationId, userId: me.id, lastReadSeq },
          topics: topicsOf(conversationId, me.id).filter((topic) => topic !== `user:${member.peerId}`),
        });
      });
      return conversationOf(await ownMembership(me, conversationId), lang);
    },

    async updateSettings(
      me: AuthUser,
      conversationId: number,
      settings: { pinned?: boolean; muted?: boolean; hidden?: boolean },
      lang: Language = 'en',
    ): Promise<Conversation> {
      await ownMembership(me, conversationId);
      await db
        .update(chatMembers)
        .set(settings)
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, me.id)));
      return conversationOf(await ownMembership(me, conversationId), lang);
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
