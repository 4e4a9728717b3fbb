import type { ChatMessage } from '@sabai/shared/chat/chat.schemas';
import Dexie, { type EntityTable } from 'dexie';

/**
 * This device's copy of chat (the spec's local database): every message the server confirmed, for
 * history without a round trip and reading while offline, and the outbox of text written while the
 * server could not be reached. The names are the spec's: database `uni-im` version 1, messages
 * keyed by `unique_id`, indexed by `conversation_id` and `create_time`. The server stays the source
 * of truth: the cache only ever holds what it answered.
 */
export const CHAT_DATABASE_NAME = 'uni-im';

export interface CachedMessageRow {
  unique_id: string;
  conversation_id: number;
  create_time: string;
  /** The conversation's sequence: older pages are read by it, and a gap in it is never shown as history. */
  seq: number;
  message: ChatMessage;
}

export interface OutboxRow {
  /** Auto-increment: the order the messages were written in, which is the order they go out in. */
  id?: number;
  unique_id: string;
  conversation_id: number;
  body: string;
  client_create_time: string;
}

export class ChatDatabase extends Dexie {
  messages!: EntityTable<CachedMessageRow, 'unique_id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  constructor() {
    super(CHAT_DATABASE_NAME);
    this.version(1).stores({
      messages: 'unique_id, conversation_id, create_time, [conversation_id+seq]',
      outbox: '++id, conversation_id, &unique_id',
    });
  }
}

/** Why an outbox flush stopped before the outbox was empty; the next flush picks up from there. */
export type FlushStop = 'unreachable' | 'throttled';

export interface FlushOutcome {
  sent(row: OutboxRow, message: ChatMessage): void;
  /** The server refused it (chat closed, forbidden words…): it leaves the outbox and shows as failed. */
  rejected(row: OutboxRow, error: unknown): void;
}

export interface SendFailure {
  /** Retry later: no answer, a timeout, a proxy's error page, a logged-out session. */
  isTransient: boolean;
  /** The server asked to slow down: wait before the next attempt, keep the order. */
  isThrottled: boolean;
}

const PAGE_SIZE = 30;

export function createChatStore(db: ChatDatabase) {
  let flushing: Promise<FlushStop | null> = Promise.resolve(null);

  const rowOf = (message: ChatMessage): CachedMessageRow => ({
    unique_id: message.uniqueId,
    conversation_id: message.conversationId,
    create_time: message.createTime,
    seq: message.seq,
    message,
  });

  return {
    db,

    /** Keeps what the server answered (new, revoked or deleted-for-me: the row is replaced by unique_id). */
    async remember(messages: ChatMessage[]): Promise<void> {
      const confirmed = messages.filter((message) => message.seq > 0);
      if (confirmed.length) await db.messages.bulkPut(confirmed.map(rowOf));
    },

    /** The newest cached messages of a conversation, oldest first (opening it without the server). */
    async newest(conversationId: number, limit = PAGE_SIZE): Promise<ChatMessage[]> {
      const rows = await db.messages
        .where('[conversation_id+seq]')
        .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
        .reverse()
        .limit(limit)
        .toArray();
      return rows.reverse().map((row) => row.message);
    },

    /**
     * The page before `beforeSeq` from the cache, oldest first, but only the unbroken run of
     * sequences right before it: what is missing in between must come from the server, or the
     * history would silently skip messages.
     */
    async olderThan(conversationId: number, beforeSeq: number, limit = PAGE_SIZE): Promise<ChatMessage[]> {
      const rows = await db.messages
        .where('[conversation_id+seq]')
        .between([conversationId, Math.max(0, beforeSeq - limit)], [conversationId, beforeSeq], true, false)
        .reverse()
        .toArray();
      const run: ChatMessage[] = [];
      let expected = beforeSeq - 1;
      for (const row of rows) {
        if (row.seq !== expected) break;
        run.push(row.message);
        expected -= 1;
      }
      return run.reverse();
    },

    /** Text written now waits here until the server confirms it. */
    async enqueue(row: Omit<OutboxRow, 'id'>): Promise<void> {
      await db.outbox.put(row);
    },

    async pending(conversationId: number): Promise<OutboxRow[]> {
      return db.outbox.where('conversation_id').equals(conversationId).sortBy('id');
    },

    /**
     * Sends the outbox oldest first, one at a time, so the server's sequence keeps the order they
     * were written in. A transient failure stops the flush with the rest still queued; a resend of
     * a message whose answer was lost carries the same unique_id, so the server answers the stored
     * one and it never shows twice. One flush at a time: a call during a flush runs after it.
     */
    flush(
      send: (row: OutboxRow) => Promise<ChatMessage>,
      classify: (error: unknown) => SendFailure,
      outcome: FlushOutcome,
    ): Promise<FlushStop | null> {
      const run = async (): Promise<FlushStop | null> => {
        for (;;) {
          const row = await db.outbox.orderBy('id').first();
          if (!row) return null;
          let message: ChatMessage;
          try {
            message = await send(row);
          } catch (error) {
            const failure = classify(error);
            if (failure.isThrottled) return 'throttled';
            if (failure.isTransient) return 'unreachable';
            await db.outbox.delete(row.id as number);
            outcome.rejected(row, error);
            continue;
          }
          await db.transaction('rw', db.outbox, db.messages, async () => {
            await db.outbox.delete(row.id as number);
            await db.messages.put(rowOf(message));
          });
          outcome.sent(row, message);
        }
      };
      flushing = flushing.then(run, run);
      return flushing;
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

let opened: Promise<ChatStore | null> | undefined;

/**
 * The device's chat store, or null where IndexedDB is missing or cannot be opened (some private
 * modes, old browsers): chat then works online only, and the page says so.
 */
export function chatStore(): Promise<ChatStore | null> {
  opened ??= (async () => {
    if (typeof indexedDB === 'undefined' || !indexedDB) return null;
    const db = new ChatDatabase();
    try {
      await db.open();
      return createChatStore(db);
    } catch (error) {
      // The spec: a local database open error is logged.
      console.error('chat: the local database could not be opened', error);
      return null;
    }
  })();
  return opened;
}
