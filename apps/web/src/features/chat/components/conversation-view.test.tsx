// @vitest-environment happy-dom
import type { ChatMessage, Conversation } from '@sabai/shared/chat/chat.schemas';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { answerWith, envelope, renderPage } from '../../../test/render';
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A text message in the demo team group (conversation 8, group 3). */
const groupMessage = (seq: number, fromUid: number, body: string): ChatMessage => ({
  msgId: seq,
  uniqueId: `group-message-${seq}`,
  conversationId: 8,
  seq,
  fromUid,
  toUid: null,
  groupId: 3,
  type: 1,
  body,
  imageUrl: null,
  orderId: null,
  aboutMsgId: null,
  createTime: new Date().toISOString(),
  clientCreateTime: null,
  isRevoke: false,
  isDelete: false,
});

const teamGroup = (memberCount: number): Conversation => ({
  ...conversation,
  id: 8,
  type: 2,
  friendUid: null,
  userInfo: null,
  groupId: 3,
  groupInfo: { id: 3, kind: 'storeTeam', name: 'Sabai Spa', introduction: '', avatarUrl: null, memberCount },
});

type TeamMember = { id: number; nickname: string; avatarUrl: null; role: 'staff' | 'therapist' };

/** The server of the team group: its messages and, per read of the team, its members; answers how many reads. */
const answerAsTeam = (items: ChatMessage[], membersAtRead: (read: number) => TeamMember[]) => {
  let reads = 0;
  answerWith(async (method, path) => {
    if (method === 'GET' && path === '/app/chat/conversations/8/messages')
      return envelope({ items, hasMore: false });
    if (method === 'GET' && path === '/app/chat/groups/3') {
      reads += 1;
      const members = membersAtRead(reads);
      return envelope({
        group: {
          id: 3,
          kind: 'storeTeam',
          name: 'Sabai Spa',
          introduction: '',
          avatarUrl: null,
          memberCount: members.length,
        },
        conversationId: 8,
        members,
        pinned: false,
        muted: false,
      });
    }
    if (method === 'POST' && path === '/app/chat/conversations/8/read') return envelope(null);
    return envelope(null, { code: 404, msg: 'not found' });
  });
  return () => reads;
};

describe('the conversation page', () => {
  it('shows a sent message at once, marks it failed when the server refuses, and a retry with the same id confirms it', async () => {
    const sends: { uniqueId: string; body: string }[] = [];
    let refuse = true;
    answerWith(async (method, path, url) => {
      if (method === 'GET' && path === '/app/chat/conversations/7/messages') {
        expect(url.searchParams.get('since')).toBeNull();
        return envelope({ items: [], hasMore: false });
      }
      if (method === 'POST' && path === '/app/chat/conversations/7/read') return envelope(conversation);
      if (method === 'POST' && path === '/app/chat/conversations/7/messages') {
        const body = JSON.parse(String((await Promise.resolve(lastBody)) ?? '{}'));
        sends.push(body);
        if (refuse) return envelope(null, { code: 5007, msg: 'You are sending messages too quickly.' });
        const sent: ChatMessage = {
          msgId: 1,
          uniqueId: body.uniqueId,
          conversationId: 7,
          seq: 1,
          fromUid: 1,
          toUid: 2,
          type: 1,
          body: body.body,
          imageUrl: null,
          orderId: null,
          aboutMsgId: null,
          createTime: new Date().toISOString(),
          clientCreateTime: null,
          isRevoke: false,
          isDelete: false,
        };
        return envelope(sent);
      }
      return envelope(null, { code: 404, msg: 'not found' });
    });
    // The request body, as the stubbed fetch received it.
    let lastBody: string | undefined;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      lastBody = typeof init?.body === 'string' ? init.body : undefined;
      return realFetch(input, init);
    });

    await renderPage(<ConversationView conversation={conversation} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    await screen.findByText('No messages yet');
    // This test environment has no IndexedDB: the spec's modal says so, and chat goes on online.
    expect(await screen.findByText(/lacks a stable version of local storage/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.change(screen.getByPlaceholderText('Type a message'), { target: { value: 'On my way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('On my way')).toBeTruthy();
    expect(await screen.findByText('You are sending messages too quickly.')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    // Confirmed by the server (its actions appear): the retry's "sending" may still show on a busy machine.
    expect(await screen.findByRole('button', { name: 'Message actions' })).toBeTruthy();
    expect(screen.getAllByText('On my way')).toHaveLength(1);
    expect(sends).toHaveLength(2);
    expect(sends[1]?.uniqueId).toBe(sends[0]?.uniqueId);
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeTruthy();
  });

  it('says why sending is closed instead of showing the input', async () => {
    answerWith(async () => envelope({ items: [], hasMore: false }));
    await renderPage(
      <ConversationView
        conversation={{ ...conversation, canSend: false, closedReason: 'chatClosed' }}
        meId={1}
      />,
    );
    await i18n.loadNamespaces(['chat']);
    expect(await screen.findByText('The service has ended, so messages can no longer be sent.')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
  });

  it('after the service ended, offers its customer feedback on that order and booking the therapist again, with no composer or call', async () => {
    answerWith(async () => envelope({ items: [], hasMore: false }));
    const ended: Conversation = {
      ...conversation,
      canSend: false,
      closedReason: 'chatClosed',
      endedOrder: { orderId: 41, customerId: 1, therapistId: 5, storeId: null, endedBy: 'serviceEnded' },
    };
    await renderPage(<ConversationView conversation={ended} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    const notice = await screen.findByTestId('chat-closed');
    expect(notice.textContent).toContain('The service has ended, so messages can no longer be sent.');
    expect(screen.getByRole('link', { name: 'Leave feedback' }).getAttribute('href')).toBe(
      '/my/order/feedback?ordersId=41',
    );
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe(
      '/therapist/orderDetail?id=5',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
  });

  it('says a cancelled order closed the chat, and offers the therapist (not its customer) nothing to do', async () => {
    answerWith(async () => envelope({ items: [], hasMore: false }));
    const cancelled: Conversation = {
      ...conversation,
      canSend: false,
      closedReason: 'chatClosed',
      endedOrder: { orderId: 41, customerId: 2, therapistId: 5, storeId: null, endedBy: 'cancelled' },
    };
    await renderPage(<ConversationView conversation={cancelled} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    expect(
      await screen.findByText('This order was cancelled, so messages can no longer be sent.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Leave feedback' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book again' })).toBeNull();
  });

  it('in a team group, names the sender over others’ messages (a former member as such), never my own, and offers no call', async () => {
    answerAsTeam(
      [
        groupMessage(1, 5, 'Shift starts at 9'),
        groupMessage(2, 1, 'Noted'),
        groupMessage(3, 9, 'I left last week'),
      ],
      () => [
        { id: 1, nickname: 'Me', avatarUrl: null, role: 'staff' },
        { id: 5, nickname: 'Sokha', avatarUrl: null, role: 'therapist' },
      ],
    );
    await renderPage(<ConversationView conversation={teamGroup(2)} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    await screen.findByText('Shift starts at 9');
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-sender').map((node) => node.textContent)).toEqual([
        'Sokha',
        'Former member',
      ]),
    );
    // A call is between two: a group has no call button (a single conversation has one, above).
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
  });
  it('in a team group, reads the team again for a sender who joined since, instead of calling them a former member', async () => {
    const sokha = { id: 5, nickname: 'Sokha', avatarUrl: null, role: 'therapist' as const };
    const dara = { id: 7, nickname: 'Dara', avatarUrl: null, role: 'therapist' as const };
    // The first read predates Dara joining.
    const teamReads = answerAsTeam(
      [groupMessage(1, 5, 'Shift starts at 9'), groupMessage(2, 7, 'Hello team, I am new')],
      (read) => (read === 1 ? [sokha] : [sokha, dara]),
    );
    await renderPage(<ConversationView conversation={teamGroup(3)} meId={1} />);
    await i18n.loadNamespaces(['chat']);
    await screen.findByText('Hello team, I am new');
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-sender').map((node) => node.textContent)).toEqual(['Sokha', 'Dara']),
    );
    expect(teamReads()).toBe(2);
  });
});
