import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { stores } from './catalog';
import { users } from './identity';

/**
 * A conversation (decision 048): a single one between two users (type 1, one per pair, so `pairKey`
 * is the two ids smallest first) or a group's (type 2, decision 061: no pair, its `chat_groups` row
 * says whose). `lastSeq` is the last message's sequence: each message takes the next one under the
 * row's lock, so a conversation's messages have a gap-free order the clients page and catch up by.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    /** 1 single, 2 group (the spec's numbers). */
    type: smallint('type').notNull().default(1),
    pairKey: text('pair_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('chat_conversations_pair').on(table.pairKey),
    check('chat_conversations_type_known', sql`${table.type} in (1, 2)`),
    check('chat_conversations_single_has_pair', sql`(${table.type} = 1) = (${table.pairKey} is not null)`),
  ],
);

/**
 * A team's group conversation (decision 061): a store's team (its staff and the therapists attached
 * to it) or a channel partner's team (the partner and the accounts that signed up with the partner's
 * invitation code). One group per store and per partner. Its members are `chat_members` rows kept
 * in step by database triggers on `store_staff`, `therapists`, `users` and `partner_invitation_codes`
 * (migration `group-conversations`), so every path that changes a team changes the group in the same
 * transaction. The name and picture are read from the store or the partner, never copied.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['storeTeam', 'partnerTeam'] }).notNull(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    /** The channel partner whose team it is (partner teams only). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's group introduction (empty by default). */
    introduction: text('introduction').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('chat_groups_conversation').on(table.conversationId),
    uniqueIndex('chat_groups_store').on(table.storeId),
    uniqueIndex('chat_groups_owner').on(table.ownerId),
    check('chat_groups_kind_known', sql`${table.kind} in ('storeTeam', 'partnerTeam')`),
    check(
      'chat_groups_kind_target',
      sql`(${table.kind} = 'storeTeam' and ${table.storeId} is not null and ${table.ownerId} is null)
        or (${table.kind} = 'partnerTeam' and ${table.ownerId} is not null and ${table.storeId} is null)`,
    ),
  ],
);

/**
 * A member's side of a conversation: unread count, how far they read, and their own settings.
 * `peerId` is the other member of a single conversation; null in a group.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: integer('peer_id').references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    /** Hidden from the member's list until the next message arrives. */
    hidden: boolean('hidden').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('chat_members_list').on(table.userId, table.updatedAt),
  ],
);

/**
 * One message. `uniqueId` is the client's id for it: a resend after a lost answer finds the row it
 * already made instead of writing a second. A revoked message keeps its row with an empty body.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    uniqueId: text('unique_id').notNull(),
    fromUid: integer('from_uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The other member of a single conversation; null in a group (every member reads it). */
    toUid: integer('to_uid').references(() => users.id, { onDelete: 'cascade' }),
    /** 1 text, 2 image, 3 voice, 4 order card, 5 call, 9 system note. */
    type: smallint('type').notNull(),
    body: text('body').notNull().default(''),
    /** The stored file of a picture or a voice message (decision 060). */
    imageKey: text('image_key'),
    /** A voice message's length as recorded (1–60 s). */
    voiceDurationMs: integer('voice_duration_ms'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    aboutMsgId: integer('about_msg_id'),
    clientCreateTime: timestamp('client_create_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_messages_unique_id').on(table.uniqueId),
    uniqueIndex('chat_messages_conversation_seq').on(table.conversationId, table.seq),
    index('chat_messages_sender_time').on(table.fromUid, table.createdAt),
  ],
);

/** "Delete for me": the message stays for the other member. */
export const chatMessageDeletions = pgTable(
  'chat_message_deletions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/** A user's common phrases (chat/phrase), in their order. */
export const chatPhrases = pgTable(
  'chat_phrases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('chat_phrases_user').on(table.userId, table.position)],
);

/** Words a message may not contain, per language; staff edit the list. Stored lower-case. */
export const chatForbiddenWords = pgTable(
  'chat_forbidden_words',
  {
    id: serial('id').primaryKey(),
    language: text('language').notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('chat_forbidden_words_word').on(table.language, table.word)],
);

/**
 * A voice call between the two members of a conversation (decision 057). The state lives here, not
 * in a process, so any process can answer any step: each step is one `UPDATE … WHERE state IN (…)`,
 * and whichever of two racing steps (accept and cancel) commits first wins. At most one live call
 * per conversation (partial unique index); `ended_at` is set exactly once, with the outcome whose
 * message went into the conversation in the same transaction.
 */
export const chatCalls = pgTable(
  'chat_calls',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    callerId: integer('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: integer('callee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ringing → accepted → connected → ended (or ringing/accepted → ended). */
    state: text('state', { enum: ['ringing', 'accepted', 'connected', 'ended'] }).notNull(),
    /** cancelled, rejected, notAnswered, notConnected, completed; null while live. */
    outcome: text('outcome', {
      enum: ['cancelled', 'rejected', 'notAnswered', 'notConnected', 'completed'],
    }),
    /** The callee's device that answered (a tab's id): signals go to it, the others stop ringing. */
    calleeDevice: text('callee_device'),
    callerDevice: text('caller_device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /** The last sign of life from a connected side; a call silent too long is ended by the sweep. */
    aliveAt: timestamp('alive_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_calls_one_live_per_conversation')
      .on(table.conversationId)
      .where(sql`${table.endedAt} is null`),
    index('chat_calls_live_caller').on(table.callerId).where(sql`${table.endedAt} is null`),
    index('chat_calls_live_callee').on(table.calleeId).where(sql`${table.endedAt} is null`),
  ],
);

/**
 * A message's translation into one reader language (decision 058), kept so the second reader of
 * the same message does not pay the provider again. Revoking a message deletes its translations.
 */
export const chatMessageTranslations = pgTable(
  'chat_message_translations',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    text: text('text').notNull(),
    sourceLanguage: text('source_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.language] })],
);
