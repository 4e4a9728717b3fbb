import 'fake-indexeddb/auto';
import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@sabai/shared/chat/chat.schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatDatabase, type ChatStore, createChatStore, type OutboxRow } from './chat-store';

const message = (conversationId: number, seq: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  msgId: conversationId * 1000 + seq,
  uniqueId: `u-${conversationId}-${seq}`,
  conversationId,
  seq,
  fromUid: 1,
  toUid: 2,
  type: CHAT_MESSAGE_TYPES.text,
  body: `message ${seq}`,
  imageUrl: null,
  orderId: null,
  aboutMsgId: null,
  createTime: new Date(Date.UTC(2026, 10, 24, 10, 0, seq)).toISOString(),
  clientCreateTime: new Date(Date.UTC(2026, 10, 24, 10, 0, seq)).toISOString(),
  isRevoke: false,
  isDelete: false,
  ...fields,
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);

let db: ChatDatabase;
let store: ChatStore;
beforeEach(async () => {
  db = new ChatDatabase();
  await db.open();
  store = createChatStore(db);
});
afterEach(async () => {
  await db.delete();
});

describe('the local message cache', () => {
  it("is the spec's database: uni-im version 1, messages keyed by unique_id, indexed by conversation and time", () => {
    expect(db.name).toBe('uni-im');
    expect(db.verno).toBe(1);
    const messages = db.table('messages').schema;
    expect(messages.primKey.keyPath).toBe('unique_id');
    expect(messages.indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['conversation_id', 'create_time']),
    );
  });

  it('keeps one row per unique_id: a revoke replaces the message, never adds a second', async () => {
    await store.remember([message(7, 1), message(7, 2)]);
    await store.remember([message(7, 2, { isRevoke: true, body: '' })]);
    const newest = await store.newest(7);
    expect(newest.map((item) => [item.seq, item.isRevoke])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await db.messages.count()).toBe(2);
  });

  it('does not keep messages the server has not confirmed', async () => {
    await store.remember([message(7, 0, { uniqueId: 'still-sending' })]);
    expect(await db.messages.count()).toBe(0);
  });

  it('answers the newest 30 of one conversation, oldest first', async () => {
    await store.remember([...range(1, 40).map((seq) => message(7, seq)), message(8, 41)]);
    const newest = await store.newest(7);
    expect(newest.map((item) => item.seq)).toEqual(range(11, 40));
  });

  it('answers an older page only as the unbroken run right before the oldest shown', async () => {
    // 1–10 and 15–50 are cached; 11–14 never reached this device.
    await store.remember([...range(1, 10), ...range(15, 50)].map((seq) => message(7, seq)));
    expect((await store.olderThan(7, 45)).map((item) => item.seq)).toEqual(range(15, 44));
    // Before 20 the run stops at the hole: 15–19, and the rest must come from the server.
    expect((await store.olderThan(7, 20)).map((item) => item.seq)).toEqual(range(15, 19));
    expect(await store.olderThan(7, 15)).toEqual([]);
    expect((await store.olderThan(7, 11)).map((item) => item.seq)).toEqual(range(1, 10));
    expect(await store.olderThan(8, 11)).toEqual([]);
  });
});

describe('the outbox', () => {
  const written = (conversationId: number, n: number): Omit<OutboxRow, 'id'> => ({
    unique_id: `offline-${conversationId}-${n}`,
    conversation_id: conversationId,
    body: `written offline ${n}`,
    client_create_time: new Date(Date.UTC(2026, 10, 24, 11, 0, n)).toISOString(),
  });
  const transient = { isTransient: true, isThrottled: false };
  const refused = { isTransient: false, isThrottled: false };

  /** A server that numbers what it stores and answers a resend with the stored message. */
  function fakeServer() {
    const stored = new Map<string, ChatMessage>();
    let online = true;
    let lastSeq = 0;
    const sends: string[] = [];
    return {
      stored,
      sends,
      setOnline(value: boolean) {
        online = value;
      },
      async send(row: OutboxRow): Promise<ChatMessage> {
        sends.push(row.unique_id);
        if (!online) throw new Error('network');
        const known = stored.get(row.unique_id);
        if (known) return known;
        lastSeq += 1;
        const confirmed = message(row.conversation_id, lastSeq, { uniqueId: row.unique_id, body: row.body });
        stored.set(row.unique_id, confirmed);
        return confirmed;
      },
    };
  }

  it('keeps messages written offline, and sends them in the order written once the server answers', async () => {
    const server = fakeServer();
    const sent: string[] = [];
    const outcome = { sent: (row: OutboxRow) => sent.push(row.unique_id), rejected: () => {} };
    server.setOnline(false);
    for (const n of [1, 2, 3]) await store.enqueue(written(7, n));
    expect(await store.flush(server.send, () => transient, outcome)).toBe('unreachable');
    expect((await store.pending(7)).map((row) => row.body)).toEqual([
      'written offline 1',
      'written offline 2',
      'written offline 3',
    ]);

    server.setOnline(true);
    expect(await store.flush(server.send, () => transient, outcome)).toBeNull();
    expect(sent).toEqual(['offline-7-1', 'offline-7-2', 'offline-7-3']);
    expect([...server.stored.values()].map((item) => [item.seq, item.body])).toEqual([
      [1, 'written offline 1'],
      [2, 'written offline 2'],
      [3, 'written offline 3'],
    ]);
    expect(await store.pending(7)).toEqual([]);
    // What was sent is now history on this device.
    expect((await store.newest(7)).map((item) => item.uniqueId)).toEqual([
      'offline-7-1',
      'offline-7-2',
      'offline-7-3',
    ]);
  });

  it('sends a message whose answer was lost again under its unique_id, and it is stored and cached once', async () => {
    const server = fakeServer();
    await store.enqueue(written(7, 1));
    // The request reached the server, but the answer never came back.
    let loseAnswer = true;
    const send = async (row: OutboxRow) => {
      const answer = await server.send(row);
      if (loseAnswer) {
        loseAnswer = false;
        throw new Error('connection reset');
      }
      return answer;
    };
    const outcome = { sent: () => {}, rejected: () => {} };
    expect(await store.flush(send, () => transient, outcome)).toBe('unreachable');
    expect(await store.flush(send, () => transient, outcome)).toBeNull();
    expect(server.sends).toEqual(['offline-7-1', 'offline-7-1']);
    expect(server.stored.size).toBe(1);
    expect(await db.messages.count()).toBe(1);
  });

  it('drops a message the server refuses and goes on with the next; waits when asked to slow down', async () => {
    const server = fakeServer();
    for (const n of [1, 2, 3]) await store.enqueue(written(7, n));
    const rejected: string[] = [];
    const outcome = { sent: () => {}, rejected: (row: OutboxRow) => rejected.push(row.unique_id) };
    let throttleOnce = true;
    const send = async (row: OutboxRow) => {
      if (row.unique_id === 'offline-7-2') throw new Error('forbidden words');
      if (row.unique_id === 'offline-7-3' && throttleOnce) {
        throttleOnce = false;
        throw new Error('too fast');
      }
      return server.send(row);
    };
    const classify = (error: unknown) =>
      (error as Error).message === 'too fast' ? { isTransient: true, isThrottled: true } : refused;
    expect(await store.flush(send, classify, outcome)).toBe('throttled');
    expect(rejected).toEqual(['offline-7-2']);
    expect((await store.pending(7)).map((row) => row.unique_id)).toEqual(['offline-7-3']);
    expect(await store.flush(send, classify, outcome)).toBeNull();
    expect([...server.stored.keys()]).toEqual(['offline-7-1', 'offline-7-3']);
  });

  it('runs one flush at a time, so concurrent triggers never send a message twice', async () => {
    const server = fakeServer();
    for (const n of [1, 2]) await store.enqueue(written(7, n));
    const outcome = { sent: () => {}, rejected: () => {} };
    await Promise.all([
      store.flush(server.send, () => transient, outcome),
      store.flush(server.send, () => transient, outcome),
      store.flush(server.send, () => transient, outcome),
    ]);
    expect(server.sends).toEqual(['offline-7-1', 'offline-7-2']);
  });
});
