import type { AddressInfo } from 'node:net';
import { CHAT_TEXT_MAX } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createStore } from '../../../test/booking-fixtures';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import { storeStaff } from '../../db/schema';

const s = await createOrderScenario();
const { app, customer, therapist, stranger, clock } = s;

const post = async (url: string, token: string, payload: unknown = {}, lang = 'en-US') =>
  (await call(app, { method: 'POST', url, token, payload: payload as object, headers: { lang } })).json();
const send = (conversationId: number, token: string, body: string, uniqueId: string = crypto.randomUUID()) =>
  post(`/app/chat/conversations/${conversationId}/messages`, token, { type: 'text', uniqueId, body });
const messagesOf = async (conversationId: number, token: string, query = '') =>
  (await s.get(`/app/chat/conversations/${conversationId}/messages${query}`, token)).data as {
    items: {
      msgId: number;
      seq: number;
      body: string;
      isRevoke: boolean;
      isDelete: boolean;
      uniqueId: string;
    }[];
    hasMore: boolean;
  };
const countMessages = async () =>
  (await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from chat_messages`))[0]?.n;
/** Past the per-user send limit's window, so a test's messages are not refused as a flood. */
const nextWindow = () => clock.advance(11_000);

const order = await s.book(at(25, '10:00'));
await s.settle();

describe('opening a conversation (chat/index?to_uid)', () => {
  it('refuses oneself, an unknown user and a pair with no accepted order', async () => {
    expect((await post('/app/chat/conversations', customer.token, { toUid: customer.id })).code).toBe(
      ERROR_CODES.chatWithSelf.code,
    );
    expect((await post('/app/chat/conversations', customer.token, { toUid: 2_000_000 })).code).toBe(
      ERROR_CODES.chatUserNotFound.code,
    );
    // Booked but not yet paid nor accepted: the order's chat is not open.
    const early = await post('/app/chat/conversations', customer.token, { toUid: therapist.userId }, 'zh-CN');
    expect(early.code).toBe(ERROR_CODES.chatNotOpen.code);
    expect(early.msg).toBe('订单被接单后才能聊天。');
    expect((await post('/app/chat/conversations', customer.token, { toUid: 'abc' })).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
    expect(await countMessages()).toBe(0);
  });

  it('opens one conversation per pair once the order is accepted, from either side', async () => {
    await s.payments.systemTransition(order.id, 'pay');
    expect((await s.step(order.id, 'accept', therapist.token)).code).toBe(0);
    const mine = await post('/app/chat/conversations', customer.token, { toUid: therapist.userId });
    expect(mine.code).toBe(0);
    expect(mine.data).toMatchObject({
      friendUid: therapist.userId,
      unreadCount: 0,
      canSend: true,
      lastMessage: null,
    });
    const theirs = await post('/app/chat/conversations', therapist.token, { toUid: customer.id });
    expect(theirs.data.id).toBe(mine.data.id);
    // The order's chat button: the other party of my order, never of someone else's.
    const byOrder = await post('/app/chat/conversations', therapist.token, { orderId: order.id });
    expect(byOrder.data).toMatchObject({ id: mine.data.id, friendUid: customer.id });
    expect((await post('/app/chat/conversations', stranger.token, { orderId: order.id })).code).toBe(
      ERROR_CODES.notFound.code,
    );
    const unknown = await post('/app/chat/conversations', customer.token, {}, 'zh-CN');
    expect(unknown).toMatchObject({
      code: ERROR_CODES.chatTargetUnknown.code,
      msg: '会话目标未知，请检查参数。',
    });
  });
});

describe('messages between the customer and the therapist', () => {
  const conversation = { id: 0 };
  beforeAll(async () => {
    const opened = await post('/app/chat/conversations', customer.token, { toUid: therapist.userId });
    if (opened.code !== 0) throw new Error(JSON.stringify(opened));
    conversation.id = opened.data.id;
  });

  it('sends text with a per-conversation sequence; a resend with the same uniqueId never shows twice', async () => {
    nextWindow();
    const first = await send(conversation.id, customer.token, 'Hello, I am at home', 'resend-0001');
    expect(first.code).toBe(0);
    const again = await send(conversation.id, customer.token, 'Hello, I am at home', 'resend-0001');
    expect(again.data.msgId).toBe(first.data.msgId);
    const reply = await send(conversation.id, therapist.token, 'On my way');
    expect(reply.data.seq).toBe(first.data.seq + 1);
    const { items } = await messagesOf(conversation.id, customer.token);
    expect(items.map((item) => item.body)).toEqual(['Hello, I am at home', 'On my way']);
    // Another user's uniqueId is refused, not taken over.
    expect((await send(conversation.id, therapist.token, 'x', 'resend-0001')).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
  });

  it('counts unread for the recipient and clears it on read, announcing it on their user topic', async () => {
    const listed = (await s.get('/app/chat/conversations', therapist.token)).data;
    expect(listed.items[0]).toMatchObject({ id: conversation.id, unreadCount: 1 });
    expect(listed.hasMore).toBe(false);
    expect((await s.get('/app/chat/unread-count', therapist.token)).data.count).toBe(1);
    const read = await post(`/app/chat/conversations/${conversation.id}/read`, therapist.token);
    expect(read.data.unreadCount).toBe(0);
    expect((await s.get('/app/chat/unread-count', therapist.token)).data.count).toBe(0);
    await s.settle();
    expect(
      s.published.some((event) => event.type === 'chat.read' && event.topic === `user:${therapist.userId}`),
    ).toBe(true);
  });

  it('pins, mutes and hides a conversation for me only; a new message brings a hidden one back', async () => {
    const url = `/app/chat/conversations/${conversation.id}/settings`;
    const put = async (token: string, payload: object) =>
      (await call(app, { method: 'PUT', url, token, payload })).json();
    expect((await put(customer.token, { pinned: true, muted: true })).data).toMatchObject({
      pinned: true,
      muted: true,
    });
    expect((await s.get(`/app/chat/conversations/${conversation.id}`, therapist.token)).data).toMatchObject({
      pinned: false,
      muted: false,
    });
    expect((await put(stranger.token, { pinned: true })).code).toBe(ERROR_CODES.notFound.code);
    expect((await put(customer.token, {})).code).toBe(ERROR_CODES.validationFailed.code);
    await put(customer.token, { hidden: true, pinned: false, muted: false });
    expect((await s.get('/app/chat/conversations', customer.token)).data.items).toEqual([]);
    nextWindow();
    await send(conversation.id, therapist.token, 'Are you there?');
    expect((await s.get('/app/chat/conversations', customer.token)).data.items[0]).toMatchObject({
      id: conversation.id,
      hidden: false,
    });
  });

  it('publishes each message after commit on the conversation topic and both members’ user topics', async () => {
    await s.settle();
    const topics = s.published
      .filter(
        (event) => event.type === 'chat.message' && (event.payload as { body: string }).body === 'On my way',
      )
      .map((event) => event.topic)
      .sort();
    expect(topics).toEqual(
      [`chat:${conversation.id}`, `user:${customer.id}`, `user:${therapist.userId}`].sort(),
    );
  });

  it('masks phone numbers, handles and payment details between customer and therapist', async () => {
    nextWindow();
    const masked = await send(
      conversation.id,
      therapist.token,
      'Call me 012 345 678 or telegram: @massage_pro, ABA 000123456, mail me@example.com',
    );
    expect(masked.data.body).not.toMatch(/345|massage_pro|000123456|example/);
    expect(masked.data.body).toContain('***');
  });

  it('rejects forbidden words from the staff list with the localised message, storing nothing', async () => {
    const staff = await s.staffToken();
    const added = await post('/app/chat/forbidden-words', staff, { language: 'en', word: 'Casino' });
    expect(added.code).toBe(0);
    expect(
      (await post('/app/chat/forbidden-words', customer.token, { language: 'en', word: 'x' })).code,
    ).toBe(ERROR_CODES.forbidden.code);
    const before = await countMessages();
    const refused = await post(
      `/app/chat/conversations/${conversation.id}/messages`,
      customer.token,
      { type: 'text', uniqueId: crypto.randomUUID(), body: 'Want to go to the CASINO?' },
      'km-KH',
    );
    expect(refused.code).toBe(ERROR_CODES.chatForbiddenContent.code);
    expect(refused.msg).toBe('សារមានខ្លឹមសារហាមឃាត់ ហើយមិនត្រូវបានផ្ញើទេ។');
    expect(await countMessages()).toBe(before);
  });

  it('refuses oversized and empty text, storing nothing', async () => {
    const before = await countMessages();
    expect((await send(conversation.id, customer.token, 'x'.repeat(CHAT_TEXT_MAX + 1))).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
    expect((await send(conversation.id, customer.token, '   ')).code).toBe(ERROR_CODES.validationFailed.code);
    expect(await countMessages()).toBe(before);
  });

  it('refuses a flood of messages with the localised error', async () => {
    nextWindow();
    const codes: number[] = [];
    for (let n = 0; n < 12; n++) codes.push((await send(conversation.id, customer.token, `flood ${n}`)).code);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([
      ERROR_CODES.chatSendingTooFast.code,
      ERROR_CODES.chatSendingTooFast.code,
    ]);
  });

  it('pages older messages 30 at a time by sequence, and catches up since a sequence', async () => {
    nextWindow();
    const latest = await messagesOf(conversation.id, customer.token);
    expect(latest.items).toHaveLength(14);
    expect(latest.hasMore).toBe(false);
    for (let n = 0; n < 20; n++) {
      if (n % 10 === 0) nextWindow();
      expect((await send(conversation.id, therapist.token, `more ${n}`)).code).toBe(0);
    }
    const page = await messagesOf(conversation.id, customer.token);
    expect(page.items).toHaveLength(30);
    expect(page.hasMore).toBe(true);
    const older = await messagesOf(conversation.id, customer.token, `?before=${page.items[0]?.seq}`);
    expect(older.items.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(older.hasMore).toBe(false);
    const missed = await messagesOf(conversation.id, customer.token, `?since=${32}`);
    expect(missed.items.map((item) => item.body)).toEqual(['more 18', 'more 19']);
  });

  it('revokes own messages within 2 minutes for everyone; not another’s, not later', async () => {
    nextWindow();
    const mine = (await send(conversation.id, customer.token, 'Oops, wrong address')).data;
    expect((await post(`/app/chat/messages/${mine.msgId}/revoke`, therapist.token)).code).toBe(
      ERROR_CODES.chatRevokeNotOwn.code,
    );
    const revoked = await post(`/app/chat/messages/${mine.msgId}/revoke`, customer.token);
    expect(revoked.data).toMatchObject({ isRevoke: true, body: '' });
    const seen = (await messagesOf(conversation.id, therapist.token)).items.find(
      (item) => item.msgId === mine.msgId,
    );
    expect(seen).toMatchObject({ isRevoke: true, body: '' });
    await s.settle();
    expect(
      s.published.some((event) => event.type === 'chat.revoked' && event.topic === `chat:${conversation.id}`),
    ).toBe(true);

    const late = (await send(conversation.id, customer.token, 'Keep this one')).data;
    clock.advance(2 * 60_000 + 1_000);
    const refused = await post(`/app/chat/messages/${late.msgId}/revoke`, customer.token, {}, 'th-TH');
    expect(refused.code).toBe(ERROR_CODES.chatRevokeTooLate.code);
    expect(refused.msg).toBe('สามารถเรียกคืนข้อความได้ภายใน 2 นาทีหลังส่งเท่านั้น');
    expect((await messagesOf(conversation.id, therapist.token)).items.at(-1)?.body).toBe('Keep this one');
  });

  it('deletes a message for me only', async () => {
    const last = (await messagesOf(conversation.id, customer.token)).items.at(-1);
    const deleted = (
      await call(app, { method: 'DELETE', url: `/app/chat/messages/${last?.msgId}`, token: customer.token })
    ).json();
    expect(deleted.data).toMatchObject({ isDelete: true, body: '' });
    expect((await messagesOf(conversation.id, customer.token)).items.at(-1)).toMatchObject({
      isDelete: true,
    });
    expect((await messagesOf(conversation.id, therapist.token)).items.at(-1)).toMatchObject({
      isDelete: false,
      body: 'Keep this one',
    });
  });

  it('sends an image re-encoded without its metadata, and refuses a file that is not an image', async () => {
    nextWindow();
    const boundary = '----sabai-chat-boundary';
    const upload = (file: Buffer, uniqueId: string, token = customer.token) =>
      call(app, {
        method: 'POST',
        url: `/app/chat/conversations/${conversation.id}/images?uniqueId=${uniqueId}`,
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const before = await countMessages();
    const notImage = (await upload(Buffer.from('<?php echo 1; ?>'), 'not-image-1')).json();
    expect(notImage.code).toBe(ERROR_CODES.imageInvalid.code);
    expect(await countMessages()).toBe(before);

    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    const sent = (await upload(jpeg, 'image-0001')).json();
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ type: 2 });
    const served = await app.inject({ method: 'GET', url: sent.data.imageUrl });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // A stranger cannot send into the conversation.
    expect((await upload(jpeg, 'image-0002', stranger.token)).json().code).toBe(ERROR_CODES.notFound.code);
    // Recalled: the link goes for everyone, and so does the file behind it.
    const recalled = await post(`/app/chat/messages/${sent.data.msgId}/revoke`, customer.token);
    expect(recalled.data).toMatchObject({ isRevoke: true, imageUrl: null });
    expect((await app.inject({ method: 'GET', url: sent.data.imageUrl })).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
  });

  it('answers someone else’s conversation as not found, for every route', async () => {
    const id = conversation.id;
    expect((await s.get(`/app/chat/conversations/${id}`, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await s.get(`/app/chat/conversations/${id}/messages`, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await send(id, stranger.token, 'hi')).code).toBe(ERROR_CODES.notFound.code);
    expect((await post(`/app/chat/conversations/${id}/read`, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    const message = (await messagesOf(id, customer.token)).items[0];
    expect((await post(`/app/chat/messages/${message?.msgId}/revoke`, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await s.get('/app/chat/conversations', stranger.token)).data.items).toEqual([]);
    expect((await s.get(`/app/chat/conversations/${id}`, 'not-a-token')).code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
  });

  it('lets only the members follow chat:<id> on the socket, and delivers a message live', async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const open = async (token: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
      const received: Record<string, unknown>[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      afterAll(() => socket.close());
      return { socket, received };
    };
    const topic = `chat:${conversation.id}`;
    const outsider = await open(stranger.token);
    outsider.socket.send(JSON.stringify({ op: 'subscribe', id: 's', topic }));
    await expect
      .poll(() => outsider.received[0])
      .toMatchObject({ op: 'error', code: ERROR_CODES.realtimeTopicForbidden.code });
    const member = await open(therapist.token);
    member.socket.send(JSON.stringify({ op: 'subscribe', id: 'm', topic }));
    await expect.poll(() => member.received[0]).toMatchObject({ op: 'ack', topic });
    nextWindow();
    await send(conversation.id, customer.token, 'Live hello');
    await s.settle();
    await expect
      .poll(() =>
        member.received
          .filter((message) => message.op === 'event')
          .map((message) => [message.type, (message.payload as { body?: string }).body]),
      )
      .toContainEqual(['chat.message', 'Live hello']);
  });

  it('writes a racing resend once: one message, one event, one number per topic, the answer as its payload', async () => {
    nextWindow();
    // Both may pass the admission read before either writes (decision 074's one statement then
    // writes nothing for the second: no row, no event, no topic number).
    const [first, second] = await Promise.all([
      send(conversation.id, customer.token, 'Are you near?', 'race-0001'),
      send(conversation.id, customer.token, 'Are you near?', 'race-0001'),
    ]);
    expect(second.data).toEqual(first.data);
    const events = await queryRows<{ payload: unknown }>(
      s.database.db,
      sql`select payload from outbox_events where payload->>'uniqueId' = 'race-0001'`,
    );
    expect(events.map((event) => event.payload)).toEqual([first.data]);
    const logged = await queryRows<{ topic: string; payload: unknown }>(
      s.database.db,
      sql`select topic, payload from realtime_events where payload->>'uniqueId' = 'race-0001' order by topic`,
    );
    expect(logged).toEqual(
      [`chat:${conversation.id}`, `user:${customer.id}`, `user:${therapist.userId}`]
        .sort()
        .map((topic) => ({ topic, payload: first.data })),
    );
  });

  it('closes the order’s chat when the service ends: no message, picture or call, and says why and which order', async () => {
    for (const transition of ['depart', 'arrive', 'start']) {
      expect((await s.step(order.id, transition, therapist.token)).code, transition).toBe(0);
    }
    nextWindow();
    // During the service both may still write.
    expect((await send(conversation.id, customer.token, 'The door is open')).code).toBe(0);
    expect((await s.step(order.id, 'end', therapist.token)).code).toBe(0);
    nextWindow();
    const before = await countMessages();
    // The spec: "no messages after service ended" — at once, from either side, in the reader's language.
    const closed = await send(conversation.id, customer.token, 'Thank you!');
    expect(closed.code).toBe(ERROR_CODES.chatClosed.code);
    expect(closed.msg).toBe('The service has ended, so messages can no longer be sent.');
    const fromTherapist = await post(
      `/app/chat/conversations/${conversation.id}/messages`,
      therapist.token,
      { type: 'text', uniqueId: crypto.randomUUID(), body: 'See you next time' },
      'km',
    );
    expect(fromTherapist).toMatchObject({
      code: ERROR_CODES.chatClosed.code,
      msg: 'សេវាកម្មបានបញ្ចប់ហើយ ដូច្នេះមិនអាចផ្ញើសារបានទៀតទេ។',
    });
    const picture = await call(app, {
      method: 'POST',
      url: `/app/chat/conversations/${conversation.id}/images?uniqueId=${crypto.randomUUID()}`,
      token: customer.token,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\npng\r\n--x--\r\n',
    });
    expect(picture.json().code).toBe(ERROR_CODES.chatClosed.code);
    const ring = await post('/app/chat/calls', customer.token, {
      conversationId: conversation.id,
      deviceId: 'dev-12345',
    });
    expect(ring.code).toBe(ERROR_CODES.chatClosed.code);
    expect(await countMessages()).toBe(before);
    // The page shows why, and the order it can offer feedback on and whose therapist to book again.
    const view = (await s.get(`/app/chat/conversations/${conversation.id}`, customer.token)).data;
    expect(view).toMatchObject({
      canSend: false,
      closedReason: 'chatClosed',
      endedOrder: {
        orderId: order.id,
        customerId: customer.id,
        therapistId: therapist.therapistId,
        storeId: null,
        endedBy: 'serviceEnded',
      },
    });
    // The history stays readable.
    expect((await messagesOf(conversation.id, customer.token)).items.at(-1)?.body).toBe('The door is open');
  });
});

describe('customer service chat', () => {
  it('is always open, unmasked, and customer service may revoke any message any time', async () => {
    const agent = await registerUser(app);
    await grantRoles(app, s.database, agent.user.id, ['customer_service']);
    const opened = await post('/app/chat/conversations', stranger.token, { toUid: agent.user.id });
    expect(opened.data.canSend).toBe(true);
    nextWindow();
    const message = (await send(opened.data.id, stranger.token, 'My number is 012 345 678')).data;
    expect(message.body).toBe('My number is 012 345 678');
    clock.advance(10 * 60_000);
    const revoked = await post(`/app/chat/messages/${message.msgId}/revoke`, agent.token);
    expect(revoked.data.isRevoke).toBe(true);
  });
});

describe('store and customer', () => {
  it('opens once an in-store visit is paid, between its customer and the store’s staff, unmasked', async () => {
    const store = await createStore(s.database, s.city.id, s.project.id);
    const counter = await registerUser(app);
    await grantRoles(app, s.database, counter.user.id, ['merchant']);
    await s.database.db.insert(storeStaff).values({ storeId: store.id, userId: counter.user.id });
    const visitor = await registerUser(app);
    const booked = (
      await call(app, {
        method: 'POST',
        url: '/app/orders/in-store',
        token: visitor.token,
        payload: {
          storeId: store.id,
          projectId: s.project.id,
          clocks: 1,
          startsAt: at(27, '15:00'),
          agreeTerms: true,
        },
      })
    ).json();
    expect(booked.code).toBe(0);
    // Unpaid: nothing to talk about yet.
    expect((await post('/app/chat/conversations', counter.token, { toUid: visitor.user.id })).code).toBe(
      ERROR_CODES.chatNotOpen.code,
    );
    await s.payments.systemTransition(booked.data.id, 'pay');
    const opened = await post('/app/chat/conversations', counter.token, { toUid: visitor.user.id });
    expect(opened.data).toMatchObject({ canSend: true, friendUid: visitor.user.id });
    nextWindow();
    const sent = await send(opened.data.id, visitor.token, 'Is there parking? Call 012 345 678');
    expect(sent.data.body).toBe('Is there parking? Call 012 345 678');
  });
});

describe('common phrases (chat/phrase)', () => {
  it('adds, edits, reorders and deletes only my own phrases', async () => {
    const url = '/app/chat/phrases';
    await post(url, customer.token, { text: 'I am on my way' });
    const added = await post(url, customer.token, { text: 'Please call me when you arrive' });
    expect(added.data.map((p: { text: string }) => p.text)).toEqual([
      'I am on my way',
      'Please call me when you arrive',
    ]);
    const [first, second] = added.data as { id: number }[];
    const reordered = (
      await call(app, {
        method: 'PUT',
        url: `${url}/order`,
        token: customer.token,
        payload: { ids: [second?.id, first?.id] },
      })
    ).json();
    expect(reordered.data.map((p: { id: number }) => p.id)).toEqual([second?.id, first?.id]);
    const edited = (
      await call(app, {
        method: 'PUT',
        url: `${url}/${first?.id}`,
        token: customer.token,
        payload: { text: 'Almost there' },
      })
    ).json();
    expect(edited.data[1].text).toBe('Almost there');
    const foreign = (
      await call(app, { method: 'DELETE', url: `${url}/${first?.id}`, token: stranger.token })
    ).json();
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    const badOrder = (
      await call(app, {
        method: 'PUT',
        url: `${url}/order`,
        token: customer.token,
        payload: { ids: [first?.id] },
      })
    ).json();
    expect(badOrder.code).toBe(ERROR_CODES.validationFailed.code);
    const removed = (
      await call(app, { method: 'DELETE', url: `${url}/${first?.id}`, token: customer.token })
    ).json();
    expect(removed.data.map((p: { id: number }) => p.id)).toEqual([second?.id]);
    expect((await post(url, customer.token, { text: '' })).code).toBe(ERROR_CODES.validationFailed.code);
  });
});
