import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BOOKING_NOW,
  createCity,
  createProject,
  createStore,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { chatMembers, partnerInvitationCodes, storeStaff, therapists, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

// Group conversations (decision 061): a store's team and a channel partner's team.
const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });
const db = database.db;
const city = await createCity(database);
const project = await createProject(database, city.id);
const store = await createStore(database, city.id, project.id);

const manager = await registerUser(app);
const cashier = await registerUser(app);
await db.insert(storeStaff).values([
  { storeId: store.id, userId: manager.user.id },
  { storeId: store.id, userId: cashier.user.id },
]);
const masseuse = await createTherapist(app, database, {
  cityId: city.id,
  projectId: project.id,
  storeId: store.id,
});
const freelancer = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
const stranger = await registerUser(app);

const json = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
  lang = 'en-US',
) => (await call(app, { method, url, token, headers: { lang }, ...(payload ? { payload } : {}) })).json();
const send = (conversationId: number, token: string, body: string, uniqueId: string = crypto.randomUUID()) =>
  json('POST', `/app/chat/conversations/${conversationId}/messages`, token, { type: 'text', uniqueId, body });
const nextWindow = () => clock.advance(11_000);
const storeGroupId = async () =>
  (await queryRows<{ id: number }>(db, sql`select id from chat_groups where store_id = ${store.id}`))[0]?.id;

describe('a store team group', () => {
  it('exists with the store’s staff and its therapists, kept in step as they come and go', async () => {
    const groupId = await storeGroupId();
    expect(groupId).toBeDefined();
    const detail = await json('GET', `/app/chat/groups/${groupId}`, manager.token);
    expect(detail.code).toBe(0);
    expect(detail.data.group).toMatchObject({ kind: 'storeTeam', name: 'Sabai Spa', memberCount: 3 });
    expect(
      detail.data.members.map((member: { id: number; role: string }) => [member.id, member.role]).sort(),
    ).toEqual(
      [
        [manager.user.id, 'staff'],
        [cashier.user.id, 'staff'],
        [masseuse.userId, 'therapist'],
      ].sort(),
    );
    // A therapist attached later joins; one moved away leaves; a staff row removed leaves.
    await db.update(therapists).set({ storeId: store.id }).where(eq(therapists.id, freelancer.therapistId));
    expect((await json('GET', `/app/chat/groups/${groupId}`, freelancer.token)).data.group.memberCount).toBe(
      4,
    );
    await db.update(therapists).set({ storeId: null }).where(eq(therapists.id, freelancer.therapistId));
    expect((await json('GET', `/app/chat/groups/${groupId}`, freelancer.token)).code).toBe(
      ERROR_CODES.chatGroupNotFound.code,
    );
    const extra = await registerUser(app);
    await db.insert(storeStaff).values({ storeId: store.id, userId: extra.user.id });
    expect((await json('GET', `/app/chat/groups/${groupId}`, extra.token)).data.group.memberCount).toBe(4);
    await db
      .delete(storeStaff)
      .where(and(eq(storeStaff.storeId, store.id), eq(storeStaff.userId, extra.user.id)));
    expect((await json('GET', `/app/chat/groups/${groupId}`, extra.token)).code).toBe(
      ERROR_CODES.chatGroupNotFound.code,
    );
  });

  it('is looked up by group id by members only; anyone else gets "group conversation not found"', async () => {
    const groupId = await storeGroupId();
    const opened = await json('POST', '/app/chat/conversations', cashier.token, { groupId }, 'km-KH');
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({
      type: 2,
      groupId,
      friendUid: null,
      userInfo: null,
      canSend: true,
      groupInfo: { kind: 'storeTeam' },
    });
    for (const target of [groupId, 999_999]) {
      const refused = await json(
        'POST',
        '/app/chat/conversations',
        stranger.token,
        { groupId: target },
        'zh-CN',
      );
      expect(refused).toMatchObject({ code: ERROR_CODES.chatGroupNotFound.code, msg: '未找到该群聊。' });
      expect((await json('GET', `/app/chat/groups/${target}`, stranger.token)).code).toBe(
        ERROR_CODES.chatGroupNotFound.code,
      );
    }
    // By conversation id, as for a single conversation: not found, never someone else's group.
    const conversationId = opened.data.id;
    expect((await json('GET', `/app/chat/conversations/${conversationId}`, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect(
      (await json('GET', `/app/chat/conversations/${conversationId}/messages`, stranger.token)).code,
    ).toBe(ERROR_CODES.notFound.code);
    expect((await send(conversationId, stranger.token, 'let me in')).code).toBe(ERROR_CODES.notFound.code);
    expect((await json('GET', '/app/chat/conversations', stranger.token)).data.items).toEqual([]);
  });

  it('delivers a message to every member, counts it unread for each other member, unmasked', async () => {
    const groupId = await storeGroupId();
    const conversationId = (await json('POST', '/app/chat/conversations', manager.token, { groupId })).data
      .id;
    nextWindow();
    // Inside a team the customer ↔ therapist masking does not apply.
    const sent = await send(conversationId, manager.token, 'Call me on 012 345 678 before the shift');
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({
      body: 'Call me on 012 345 678 before the shift',
      toUid: null,
      groupId,
      fromUid: manager.user.id,
    });
    const unread = async (token: string) => (await json('GET', '/app/chat/unread-count', token)).data.count;
    expect(await unread(manager.token)).toBe(0);
    expect(await unread(cashier.token)).toBe(1);
    expect(await unread(masseuse.token)).toBe(1);
    const list = await json('GET', '/app/chat/conversations', masseuse.token);
    expect(list.data.items[0]).toMatchObject({
      id: conversationId,
      type: 2,
      unreadCount: 1,
      lastMessage: { body: 'Call me on 012 345 678 before the shift' },
      groupInfo: { name: 'Sabai Spa' },
    });
    // Reading is per member: the cashier reads, the therapist still has it unread.
    expect(
      (await json('POST', `/app/chat/conversations/${conversationId}/read`, cashier.token)).data,
    ).toMatchObject({
      unreadCount: 0,
      lastReadSeq: sent.data.seq,
    });
    expect(await unread(cashier.token)).toBe(0);
    expect(await unread(masseuse.token)).toBe(1);
    const reply = await send(conversationId, masseuse.token, 'On my way');
    expect(reply.code).toBe(0);
    const messages = await json('GET', `/app/chat/conversations/${conversationId}/messages`, cashier.token);
    expect(
      messages.data.items.map((item: { body: string; groupId: number }) => [item.body, item.groupId]),
    ).toEqual([
      ['Call me on 012 345 678 before the shift', groupId],
      ['On my way', groupId],
    ]);
    const counts = await db
      .select({ userId: chatMembers.userId, unread: chatMembers.unreadCount })
      .from(chatMembers)
      .where(eq(chatMembers.conversationId, conversationId));
    // The reply counts for the other two; the therapist's own count is the manager's message, still
    // unread (sending is not reading, as in singles).
    expect(Object.fromEntries(counts.map((row) => [row.userId, row.unread]))).toEqual({
      [manager.user.id]: 1,
      [cashier.user.id]: 1,
      [masseuse.userId]: 1,
    });
  });

  it('keeps pin and mute per member, recalls as in singles, refuses order cards and calls', async () => {
    const groupId = await storeGroupId();
    const conversationId = (await json('POST', '/app/chat/conversations', cashier.token, { groupId })).data
      .id;
    const muted = await json('PUT', `/app/chat/conversations/${conversationId}/settings`, cashier.token, {
      muted: true,
      pinned: true,
    });
    expect(muted.data).toMatchObject({ muted: true, pinned: true });
    expect((await json('GET', `/app/chat/groups/${groupId}`, cashier.token)).data).toMatchObject({
      muted: true,
      pinned: true,
    });
    expect((await json('GET', `/app/chat/groups/${groupId}`, manager.token)).data).toMatchObject({
      muted: false,
      pinned: false,
    });
    nextWindow();
    const mine = (await send(conversationId, cashier.token, 'Oops')).data;
    expect((await json('POST', `/app/chat/messages/${mine.msgId}/revoke`, manager.token)).code).toBe(
      ERROR_CODES.chatRevokeNotOwn.code,
    );
    const revoked = await json('POST', `/app/chat/messages/${mine.msgId}/revoke`, cashier.token);
    expect(revoked.data).toMatchObject({ isRevoke: true, body: '', groupId });
    clock.advance(3 * 60_000);
    const late = (await send(conversationId, cashier.token, 'Too late to recall')).data;
    clock.advance(3 * 60_000);
    expect((await json('POST', `/app/chat/messages/${late.msgId}/revoke`, cashier.token)).code).toBe(
      ERROR_CODES.chatRevokeTooLate.code,
    );
    const card = await json('POST', `/app/chat/conversations/${conversationId}/messages`, cashier.token, {
      type: 'orderCard',
      uniqueId: crypto.randomUUID(),
      orderId: 1,
    });
    expect(card.code).toBe(ERROR_CODES.notFound.code);
    // A call is between two: a group has no one to ring.
    const ring = await json('POST', '/app/chat/calls', cashier.token, {
      conversationId,
      deviceId: 'device-0001',
    });
    expect(ring.code).toBe(ERROR_CODES.chatNotOpen.code);
  });

  it('limits the send rate as in singles', async () => {
    const groupId = await storeGroupId();
    const conversationId = (await json('POST', '/app/chat/conversations', masseuse.token, { groupId })).data
      .id;
    nextWindow();
    const codes: number[] = [];
    for (let index = 0; index < 11; index++)
      codes.push((await send(conversationId, masseuse.token, `n${index}`)).code);
    expect(codes.slice(0, 10).every((code) => code === 0)).toBe(true);
    expect(codes[10]).toBe(ERROR_CODES.chatSendingTooFast.code);
  });

  it('fans a message out to two members’ sockets, on their user topics and the group’s topic', async () => {
    const groupId = await storeGroupId();
    const conversationId = (await json('POST', '/app/chat/conversations', manager.token, { groupId })).data
      .id;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const open = async (token: string, topic: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
      const received: Record<string, unknown>[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      afterAll(() => socket.close());
      socket.send(JSON.stringify({ op: 'subscribe', id: topic, topic }));
      await expect
        .poll(() => received.find((message) => message.op === 'ack' || message.op === 'error'))
        .toMatchObject({
          op: 'ack',
        });
      return received;
    };
    const cashierHears = await open(cashier.token, `user:${cashier.user.id}`);
    const masseuseHears = await open(masseuse.token, `chat:${conversationId}`);
    // A stranger may not follow the group's topic.
    const strangerSocket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${stranger.token}`);
    const strangerHears: Record<string, unknown>[] = [];
    strangerSocket.on('message', (data) => strangerHears.push(JSON.parse(String(data))));
    await new Promise((resolve) => strangerSocket.once('open', resolve));
    afterAll(() => strangerSocket.close());
    strangerSocket.send(JSON.stringify({ op: 'subscribe', id: 's', topic: `chat:${conversationId}` }));
    await expect
      .poll(() => strangerHears[0])
      .toMatchObject({ op: 'error', code: ERROR_CODES.realtimeTopicForbidden.code });

    nextWindow();
    expect((await send(conversationId, manager.token, 'Team meeting at 9')).code).toBe(0);
    await app.outbox.dispatchPending();
    const bodies = (received: Record<string, unknown>[]) =>
      received
        .filter((message) => message.op === 'event' && message.type === 'chat.message')
        .map((message) => (message.payload as { body: string }).body);
    await expect.poll(() => bodies(cashierHears)).toContain('Team meeting at 9');
    await expect.poll(() => bodies(masseuseHears)).toContain('Team meeting at 9');
  });
});

describe('a channel partner team group', () => {
  it('holds the partner and the accounts that signed up with the partner’s code', async () => {
    const partner = await registerUser(app);
    await db
      .insert(partnerInvitationCodes)
      .values({ userId: partner.user.id, code: 'SABAI77', createdAt: clock.now() });
    const invitee = await registerUser(app, undefined, { invitationCode: 'sabai77' });
    const other = await registerUser(app, undefined, { invitationCode: 'OTHER1' });
    const opened = await json('GET', '/app/chat/conversations', invitee.token);
    const group = opened.data.items.find((item: { type: number }) => item.type === 2);
    expect(group.groupInfo).toMatchObject({
      kind: 'partnerTeam',
      memberCount: 2,
      name: partner.user.nickname,
    });
    const detail = await json('GET', `/app/chat/groups/${group.groupId}`, partner.token);
    expect(
      detail.data.members.map((member: { id: number; role: string }) => [member.id, member.role]),
    ).toEqual([
      [partner.user.id, 'owner'],
      [invitee.user.id, 'member'],
    ]);
    expect((await json('GET', `/app/chat/groups/${group.groupId}`, other.token)).code).toBe(
      ERROR_CODES.chatGroupNotFound.code,
    );
    nextWindow();
    expect((await send(group.id, partner.token, 'Welcome to the team')).code).toBe(0);
    expect((await json('GET', '/app/chat/unread-count', invitee.token)).data.count).toBe(1);
    // An account cancelled leaves the team.
    await db
      .update(users)
      .set({ isLogout: 3, cancelledAt: clock.now() })
      .where(eq(users.id, invitee.user.id));
    expect(
      (await json('GET', `/app/chat/groups/${group.groupId}`, partner.token)).data.group.memberCount,
    ).toBe(1);
  });
});

describe('an installation upgraded with staff already in place', () => {
  it('gets each store’s group from the migration’s one-off sync', async () => {
    // As before the migration: no group for the store, staff and therapists already attached.
    await db.execute(
      sql`delete from chat_conversations where id in (select conversation_id from chat_groups where store_id = ${store.id})`,
    );
    expect(await storeGroupId()).toBeUndefined();
    // The migration's last statement.
    await db.execute(sql`select chat_sync_store_team(id) from stores`);
    const groupId = await storeGroupId();
    expect((await json('GET', `/app/chat/groups/${groupId}`, cashier.token)).data.group.memberCount).toBe(3);
  });
});
