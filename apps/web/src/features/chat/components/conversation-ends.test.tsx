// @vitest-environment happy-dom
import { CHAT_ORDER_ENDED_EVENT, CHAT_READ_EVENT, type Conversation } from '@sabai/shared/chat/chat.schemas';
import type { RealtimeEventMessage } from '@sabai/shared/realtime/realtime.schemas';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { useOpenConversation } from '../api/chat-api';
import { ConversationView } from './conversation-view';

/** What the page listens to on each topic: the server's events are delivered to them by hand. */
const listeners: { topic: string; onEvent: (event: RealtimeEventMessage) => void }[] = [];
vi.mock('../../../lib/realtime/use-realtime-topic', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // Subscribed as the real hook is: once per topic while mounted, with the latest handler.
  useRealtimeTopic: (topic: string | null, onEvent: (event: RealtimeEventMessage) => void) => {
    const handler = useRef(onEvent);
    handler.current = onEvent;
    useEffect(() => {
      if (!topic) return;
      const listener = { topic, onEvent: (event: RealtimeEventMessage) => handler.current(event) };
      listeners.push(listener);
      return () => {
        listeners.splice(listeners.indexOf(listener), 1);
      };
    }, [topic]);
    return { connected: true };
  },
}));
const deliver = (event: RealtimeEventMessage) =>
  act(() => {
    for (const listener of listeners) if (listener.topic === event.topic) listener.onEvent(event);
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  listeners.length = 0;
});

const open: Conversation = {
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

/** The chat page's parts: the conversation as opened (chat/index?order_id), and its view. */
function OpenedConversation() {
  const opened = useOpenConversation({ orderId: 41 }, true);
  return opened.data ? <ConversationView conversation={opened.data} meId={1} /> : null;
}

describe('a conversation left open while its order ends', () => {
  it('replaces the composer with the closed notice when the server says the order ended, without another event re-reading it', async () => {
    let hasEnded = false;
    let opens = 0;
    answerWith(async (method, path) => {
      if (method === 'POST' && path === '/app/chat/conversations') {
        opens += 1;
        return envelope(
          hasEnded
            ? {
                ...open,
                canSend: false,
                closedReason: 'chatClosed',
                endedOrder: {
                  orderId: 41,
                  customerId: 1,
                  therapistId: 5,
                  storeId: null,
                  endedBy: 'serviceEnded',
                },
              }
            : open,
        );
      }
      if (method === 'GET' && path === '/app/chat/conversations/7/messages')
        return envelope({ items: [], hasMore: false });
      return envelope(null);
    });
    await renderPage(<OpenedConversation />);
    await i18n.loadNamespaces(['chat']);
    expect(await screen.findByPlaceholderText('Type a message')).toBeTruthy();
    expect(opens).toBe(1);

    // Someone read the conversation: nothing about whether it is open changed.
    await deliver({ op: 'event', topic: 'chat:7', seq: 1, type: CHAT_READ_EVENT, payload: {} });
    expect(opens).toBe(1);

    hasEnded = true;
    await deliver({
      op: 'event',
      topic: 'chat:7',
      seq: 2,
      type: CHAT_ORDER_ENDED_EVENT,
      payload: { conversationId: 7, orderId: 41 },
    });
    const notice = await screen.findByTestId('chat-closed');
    expect(notice.textContent).toContain('The service has ended, so messages can no longer be sent.');
    expect(screen.getByRole('link', { name: 'Leave feedback' }).getAttribute('href')).toBe(
      '/my/order/feedback?ordersId=41',
    );
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
    expect(opens).toBe(2);
  });
});
