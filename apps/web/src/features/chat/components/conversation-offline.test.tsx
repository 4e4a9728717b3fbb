// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import type { ChatMessage, Conversation } from '@sabai/shared/chat/chat.schemas';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { envelope, renderPage } from '../../../test/render';
import { chatStore } from '../local/chat-store';
import { ConversationView } from './conversation-view';

const conversation: Conversation = {
  id: 7,
  type: 1,
  friendUid: 2,
  userInfo: { id: 2, nickname: 'Dara', avatarUrl: null },
  groupId: null,
  groupInfo: null,
  unreadCount: 0,
  lastReadSeq: 0,
  lastSeq: 0,
  updateTime: '2026-11-24T10:00:00.000Z',
  pinned: false,
  muted: false,
  hidden: false,
  lastMessage: null,
  canSend: true,
  closedReason: null,
  endedOrder: null,
};

const stored = (seq: number, uniqueId: string, body: string, fromUid = 2): ChatMessage => ({
  msgId: seq,
  uniqueId,
  conversationId: 7,
  seq,
  fromUid,
  toUid: fromUid === 1 ? 2 : 1,
  type: 1,
  body,
  imageUrl: null,
  orderId: null,
  aboutMsgId: null,
  createTime: new Date(Date.UTC(2026, 10, 24, 10, seq)).toISOString(),
  clientCreateTime: null,
  isRevoke: false,
  isDelete: false,
});

/**
 * A chat server behind a switch: down, every request fails as a lost connection does. It stores by
 * unique id and answers a resend with the stored message, as the real one does (decision 048).
 */
function chatServer(history: ChatMessage[]) {
  const messages = [...history];
  const state = { isUp: true, sends: [] as string[] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.isUp) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/app/chat/conversations/7/messages') {
      const since = url.searchParams.get('since');
      const before = url.searchParams.get('before');
      const items = since
        ? messages.filter((message) => message.seq > Number(since))
        : before
          ? messages.filter((message) => message.seq < Number(before)).slice(-30)
          : messages.slice(-30);
      const hasMore = !since && items.length === 30 && (items[0]?.seq ?? 1) > 1;
      return envelope({ items, hasMore });
    }
    if (method === 'POST' && url.pathname === '/app/chat/conversations/7/messages') {
      const body = JSON.parse(String(init?.body));
      state.sends.push(body.uniqueId);
      const known = messages.find((message) => message.uniqueId === body.uniqueId);
      if (known) return envelope(known);
      const message = stored(messages.length + 1, body.uniqueId, body.body, 1);
      messages.push(message);
      return envelope(message);
    }
    if (method === 'POST' && url.pathname === '/app/chat/conversations/7/read') return envelope(conversation);
    return envelope(null, { code: 404, msg: 'not found' });
  });
  return { messages, state };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the conversation page with IndexedDB', () => {
  it('keeps what was written offline in the outbox and sends it in order, once, when the network is back', async () => {
    const server = chatServer([stored(1, 'from-dara-1', 'Hello, I will be there at ten')]);
    await renderPage(<ConversationView conversation={conversation} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    expect(await screen.findByText('Hello, I will be there at ten')).toBeTruthy();

    server.state.isUp = false;
    const input = screen.getByPlaceholderText('Type a message');
    for (const text of ['First offline note', 'Second offline note']) {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText(text)).toBeTruthy();
    }
    await waitFor(() => expect(screen.getAllByText('Waiting for network…')).toHaveLength(2));
    const store = await chatStore();
    expect((await store?.pending(7))?.map((row) => row.body)).toEqual([
      'First offline note',
      'Second offline note',
    ]);

    server.state.isUp = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Waiting for network…')).toBeNull());
    expect(server.messages.map((message) => [message.seq, message.body])).toEqual([
      [1, 'Hello, I will be there at ten'],
      [2, 'First offline note'],
      [3, 'Second offline note'],
    ]);
    expect(screen.getAllByText('First offline note')).toHaveLength(1);
    expect(await store?.pending(7)).toEqual([]);
    // A second trigger finds the outbox empty: nothing is sent twice. (A flush waits for the one
    // before it, so this one ends after the page's own.)
    window.dispatchEvent(new Event('online'));
    const nothingLeft = await store?.flush(
      async () => {
        throw new Error('the outbox should be empty');
      },
      () => ({ isTransient: false, isThrottled: false }),
      { sent: () => {}, rejected: (row) => expect.fail(`${row.body} was still in the outbox`) },
    );
    expect(nothingLeft).toBeNull();
    expect(server.state.sends).toHaveLength(2);
  });

  it('opens the conversation from the device copy when the server cannot be reached', async () => {
    // The first test's messages were kept on this device as the server confirmed them.
    const server = chatServer([]);
    server.state.isUp = false;
    await renderPage(<ConversationView conversation={conversation} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    expect(await screen.findByText('Hello, I will be there at ten')).toBeTruthy();
    expect(screen.getByText('Second offline note')).toBeTruthy();
    expect(screen.queryByText(/lacks a stable version/)).toBeNull();
  });

  it('loads older history from the device first, then from the server where the device copy ends', async () => {
    // 1–60 on the server; the device already holds 1–30, so only the newest page crosses at first.
    const history = Array.from({ length: 60 }, (_, n) => stored(n + 1, `long-${n + 1}`, `Line ${n + 1}`));
    const store = await chatStore();
    await store?.db.messages.clear();
    await store?.remember(history.slice(0, 30));
    const server = chatServer(history);
    const requests: string[] = [];
    const serverFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(String(input));
      return serverFetch(input, init);
    });
    await renderPage(<ConversationView conversation={conversation} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    expect(await screen.findByText('Line 60')).toBeTruthy();
    expect(screen.queryByText('Line 30')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Line 1')).toBeTruthy();
    expect(screen.getByText('Line 30')).toBeTruthy();
    expect(requests.filter((url) => url.includes('before='))).toEqual([]);
    expect(server.state.sends).toEqual([]);
  });
});
