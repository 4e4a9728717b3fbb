import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { idSchema, textSchema } from '../input';

/** Spec: chat pages are 30 long (conversations and messages). */
export const CHAT_PAGE_SIZE = 30;
/** The longest text message, in characters. */
export const CHAT_TEXT_MAX = 2000;
/** Spec: the last-message note cuts text to 30 characters. */
export const LAST_MESSAGE_PREVIEW_CHARS = 30;
/** Own messages can be recalled this long after sending (customer service any time). */
export const REVOKE_WINDOW_MS = 2 * 60_000;
/** Spec: voice under one second is not sent. */
export const VOICE_MIN_MS = 1000;
/** The longest voice message (decision 060). */
export const VOICE_MAX_MS = 60_000;
/** About 60 s of Opus at the browsers' default bitrate, with room for the container. */
export const VOICE_MAX_BYTES = 1024 * 1024;
export const PHRASE_MAX_CHARS = 200;
export const PHRASES_MAX = 50;

/** Message types, numbered as stored. */
export const CHAT_MESSAGE_TYPES = { text: 1, image: 2, voice: 3, orderCard: 4, call: 5, system: 9 } as const;
export type ChatMessageType = keyof typeof CHAT_MESSAGE_TYPES;

/** Conversation types, numbered as the spec's `type` (1 single, 2 group). */
export const CONVERSATION_TYPES = { single: 1, group: 2 } as const;
/** Team groups (decision 061): a store's staff and therapists, a channel partner and their invitees. */
export const CHAT_GROUP_KINDS = ['storeTeam', 'partnerTeam'] as const;
export type ChatGroupKind = (typeof CHAT_GROUP_KINDS)[number];
/** Spec: group members are read 1000 at most. */
export const GROUP_MEMBERS_MAX = 1000;

/** Realtime event types (on `chat:<id>` and the members' `user:<id>` topics). */
export const CHAT_MESSAGE_EVENT = 'chat.message';
export const CHAT_REVOKED_EVENT = 'chat.revoked';
export const CHAT_READ_EVENT = 'chat.read';
/**
 * An order between the conversation's members ended (service ended, consumed, cancelled): the
 * conversation may have closed, so an open page reads it again (`canSend`, `endedOrder`).
 * Payload: `{ conversationId, orderId }`.
 */
export const CHAT_ORDER_ENDED_EVENT = 'chat.orderEnded';

/** The spec's chat message fields, as a member reads them. */
export const chatMessageSchema = z.object({
  msgId: z.number().int(),
  uniqueId: z.string(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  fromUid: z.number().int(),
  /** The other member of a single conversation; null in a group. */
  toUid: z.number().int().nullable(),
  /** The group of a group conversation's message (decision 061). */
  groupId: z.number().int().nullable().optional(),
  type: z.number().int(),
  /** Empty once revoked: the client shows its revoked notice. */
  body: z.string(),
  imageUrl: z.string().nullable(),
  /** A voice message's file and length (decision 060); absent or null for other types. */
  voiceUrl: z.string().nullable().optional(),
  voiceDurationMs: z.number().int().nullable().optional(),
  orderId: z.number().int().nullable(),
  aboutMsgId: z.number().int().nullable(),
  createTime: z.string(),
  clientCreateTime: z.string().nullable(),
  isRevoke: z.boolean(),
  isDelete: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatUserInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
});

/** The spec's group info: name, introduction, picture; the name is the store's or the partner's. */
export const chatGroupInfoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_GROUP_KINDS),
  /** The store's name in the reader's language, or the partner's nickname: the web words the title. */
  name: z.string(),
  introduction: z.string(),
  avatarUrl: z.string().nullable(),
  memberCount: z.number().int(),
});
export type ChatGroupInfo = z.infer<typeof chatGroupInfoSchema>;

/**
 * The order whose end closed a chat (the spec's "no messages after service ended"): the page says
 * why and offers its customer feedback on it and booking its provider again.
 */
export const chatEndedOrderSchema = z.object({
  orderId: z.number().int(),
  customerId: z.number().int(),
  /** The therapist to book again (a home visit's; an in-store visit's when one was named). */
  therapistId: z.number().int().nullable(),
  /** The store of an in-store visit; null for a home visit. */
  storeId: z.number().int().nullable(),
  endedBy: z.enum(['serviceEnded', 'cancelled']),
});
export type ChatEndedOrder = z.infer<typeof chatEndedOrderSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  /** 1 single, 2 group (decision 061). */
  type: z.union([z.literal(1), z.literal(2)]),
  /** The other member of a single conversation; null for a group. */
  friendUid: z.number().int().nullable(),
  userInfo: chatUserInfoSchema.nullable(),
  groupId: z.number().int().nullable(),
  groupInfo: chatGroupInfoSchema.nullable(),
  unreadCount: z.number().int(),
  lastReadSeq: z.number().int(),
  lastSeq: z.number().int(),
  updateTime: z.string(),
  pinned: z.boolean(),
  muted: z.boolean(),
  hidden: z.boolean(),
  /** The newest message the member still sees (not deleted for them), for the last-message note. */
  lastMessage: chatMessageSchema.nullable(),
  /** Whether the member may send now; `closedReason` says why not. */
  canSend: z.boolean(),
  closedReason: z.enum(['chatClosed', 'chatNotOpen']).nullable(),
  /** With `chatClosed`: the order that ended last (null otherwise). */
  endedOrder: chatEndedOrderSchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * Open (or find) the conversation with a user: the spec's lookup by friend/user id (`to_uid`), or
 * an order's (the other party of an order of mine). Neither is the spec's "target unknown".
 */
export const openConversationSchema = z.object({
  toUid: idSchema.optional(),
  orderId: idSchema.optional(),
  /** A team group of mine (decision 061); not a member's is "group conversation not found". */
  groupId: idSchema.optional(),
});

/** A member of a group as its info page lists them; `role` is their place in the team. */
export const chatGroupMemberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['owner', 'staff', 'therapist', 'member']),
});
export type ChatGroupMember = z.infer<typeof chatGroupMemberSchema>;

/** The group info page: the group, its members (at most 1000) and my settings for it. */
export const chatGroupDetailSchema = z.object({
  group: chatGroupInfoSchema,
  conversationId: z.number().int(),
  members: z.array(chatGroupMemberSchema),
  pinned: z.boolean(),
  muted: z.boolean(),
});
export type ChatGroupDetail = z.infer<typeof chatGroupDetailSchema>;

/** Older than `before` (a sequence), or everything after `since` (catching up after a reconnect). */
export const messageListQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const messagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

const uniqueIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const sendMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    uniqueId: uniqueIdSchema,
    body: textSchema().trim().min(1).max(CHAT_TEXT_MAX),
    aboutMsgId: idSchema.optional(),
    clientCreateTime: z.iso.datetime().optional(),
  }),
  z.object({
    type: z.literal('orderCard'),
    uniqueId: uniqueIdSchema,
    orderId: idSchema,
    clientCreateTime: z.iso.datetime().optional(),
  }),
]);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const sendImageQuerySchema = z.object({ uniqueId: uniqueIdSchema });

/** A voice upload's query: the length the browser recorded, checked against the spec's one second. */
export const sendVoiceQuerySchema = z.object({
  uniqueId: uniqueIdSchema,
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60_000),
});

export const conversationSettingsSchema = z
  .object({ pinned: z.boolean(), muted: z.boolean(), hidden: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });

export const unreadTotalSchema = z.object({ count: z.number().int() });

export const phraseSchema = z.object({ id: z.number().int(), text: z.string(), position: z.number().int() });
export type Phrase = z.infer<typeof phraseSchema>;
export const phraseTextSchema = z.object({ text: textSchema().trim().min(1).max(PHRASE_MAX_CHARS) });
export const phraseOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(PHRASES_MAX) });

export const forbiddenWordSchema = z.object({ id: z.number().int(), language: z.string(), word: z.string() });
export const newForbiddenWordSchema = z.object({
  language: z.enum(['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW']),
  word: textSchema().trim().min(1).max(100),
});

/** A received message in the reader's language (decision 058); `sourceLang` null when unknown. */
export const messageTranslationSchema = z.object({
  msgId: z.number().int(),
  text: z.string(),
  sourceLang: z.enum(LANGUAGES).nullable(),
  targetLang: z.enum(LANGUAGES),
});
export type MessageTranslation = z.infer<typeof messageTranslationSchema>;
