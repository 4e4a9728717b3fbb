import { createHmac } from 'node:crypto';
import {
  CALL_ACCEPTED_EVENT,
  CALL_CONNECT_TIMEOUT_MS,
  CALL_ENDED_EVENT,
  CALL_RING_EVENT,
  CALL_RING_TIMEOUT_MS,
  CALL_SIGNAL_EVENT,
  parseCallMessageBody,
} from '@sabai/shared/chat/call.schemas';
import { CHAT_MESSAGE_TYPES } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { createTestApp } from '../../../test/test-app';
import { parseEnv } from '../../config/env';
import { iceServersFor, turnCredential } from './ice-servers';

const s = await createOrderScenario();
const { app, customer, therapist, stranger, clock } = s;

const post = async (url: string, token: string, payload: unknown = {}, lang = 'en-US') =>
  (await call(app, { method: 'POST', url, token, payload: payload as object, headers: { lang } })).json();
const CALLER_DEVICE = 'caller-device-1';
const CALLEE_DEVICE = 'callee-device-1';
const ring = (conversationId: number, token = customer.token) =>
  post('/app/chat/calls', token, { conversationId, deviceId: CALLER_DEVICE });
const accept = (callId: number, token = therapist.token, deviceId = CALLEE_DEVICE) =>
  post(`/app/chat/calls/${callId}/accept`, token, { deviceId });
const end = (callId: number, token: string) => post(`/app/chat/calls/${callId}/end`, token);
const callMessages = async (conversationId: number, token: string) => {
  const page = (await s.get(`/app/chat/conversations/${conversationId}/messages`, token)).data as {
    items: { type: number; body: string; fromUid: number }[];
  };
  return page.items
    .filter((item) => item.type === CHAT_MESSAGE_TYPES.call)
    .map((item) => ({ ...parseCallMessageBody(item.body), fromUid: item.fromUid }));
};

// An accepted home visit: its customer and provider may chat, so they may call.
const order = await s.book(at(25, '10:00'));
await s.settle();
await s.payments.systemTransition(order.id, 'pay');
await s.step(order.id, 'accept', therapist.token);
const conversation = (await post('/app/chat/conversations', customer.token, { toUid: therapist.userId }))
  .data as {
  id: number;
};

describe('who may ring and signal', () => {
  it('refuses a stranger every step of a call between two others, as not found', async () => {
    expect((await ring(conversation.id, stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    const rung = await ring(conversation.id);
    expect(rung.code).toBe(0);
    const callId = rung.data.id as number;
    for (const url of [
      `/app/chat/calls/${callId}/accept`,
      `/app/chat/calls/${callId}/connected`,
      `/app/chat/calls/${callId}/end`,
    ]) {
      expect((await post(url, stranger.token, { deviceId: 'stranger-device' })).code).toBe(
        ERROR_CODES.notFound.code,
      );
    }
    const signal = await post(`/app/chat/calls/${callId}/signal`, stranger.token, {
      kind: 'sdp',
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(signal.code).toBe(ERROR_CODES.notFound.code);
    expect((await s.get(`/app/chat/calls/${callId}`, stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await s.get('/app/chat/calls/current', stranger.token)).data).toBeNull();
    // The caller cannot answer their own call; nobody signals before it is answered.
    expect((await accept(callId, customer.token)).code).toBe(ERROR_CODES.notFound.code);
    const early = await post(`/app/chat/calls/${callId}/signal`, customer.token, {
      kind: 'ice',
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect(early.code).toBe(ERROR_CODES.callNotAnsweredYet.code);
    expect(s.published.some((event) => event.type === CALL_SIGNAL_EVENT)).toBe(false);
    await end(callId, customer.token);
    await s.settle();
  });

  it('refuses a call without an open chat and a malformed signal', async () => {
    const other = await registerUser(app);
    expect(
      (await post('/app/chat/calls', other.token, { conversationId: 2_000_000, deviceId: 'dev-12345' })).code,
    ).toBe(ERROR_CODES.notFound.code);
    expect(
      (await post('/app/chat/calls', customer.token, { conversationId: conversation.id, deviceId: 'x' }))
        .code,
    ).toBe(ERROR_CODES.validationFailed.code);
    expect((await call(app, { method: 'POST', url: '/app/chat/calls', payload: {} })).json().code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
  });

  it('relays SDP and ICE only to the other side’s answering device, over its user topic', async () => {
    clock.advance(61_000);
    const callId = (await ring(conversation.id)).data.id as number;
    await s.settle();
    const ringEvent = s.published.findLast(
      (event) => event.type === CALL_RING_EVENT && event.topic === `user:${therapist.userId}`,
    );
    expect(ringEvent?.payload).toMatchObject({ callId, callerId: customer.id, calleeId: therapist.userId });
    expect((await accept(callId)).data).toMatchObject({ state: 'accepted', calleeDevice: CALLEE_DEVICE });
    // A second device of the callee answering later is told it was answered elsewhere.
    expect((await accept(callId, therapist.token, 'callee-device-2')).code).toBe(
      ERROR_CODES.callAlreadyAnswered.code,
    );
    await s.settle();
    expect(
      s.published.some(
        (event) => event.type === CALL_ACCEPTED_EVENT && event.topic === `user:${customer.id}`,
      ),
    ).toBe(true);
    const before = s.published.length;
    expect(
      (
        await post(`/app/chat/calls/${callId}/signal`, customer.token, {
          kind: 'sdp',
          description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await post(`/app/chat/calls/${callId}/signal`, therapist.token, {
          kind: 'ice',
          candidate: {
            candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
            sdpMid: '0',
            sdpMLineIndex: 0,
          },
        })
      ).code,
    ).toBe(0);
    const relayed = s.published.slice(before).filter((event) => event.type === CALL_SIGNAL_EVENT);
    expect(relayed).toEqual([
      expect.objectContaining({
        topic: `user:${therapist.userId}`,
        payload: expect.objectContaining({ callId, fromUid: customer.id, toDevice: CALLEE_DEVICE }),
      }),
      expect.objectContaining({
        topic: `user:${customer.id}`,
        payload: expect.objectContaining({ callId, fromUid: therapist.userId, toDevice: CALLER_DEVICE }),
      }),
    ]);
    // Passing signals are neither logged nor numbered: a late ICE candidate is worthless.
    expect(relayed.every((event) => event.seq === undefined)).toBe(true);
    await end(callId, customer.token);
    await s.settle();
  });
});

describe('outcomes in the conversation', () => {
  it('writes cancelled, rejected, not answered, not connected and the duration, seen by both sides', async () => {
    clock.advance(61_000);
    const startCount = (await callMessages(conversation.id, customer.token)).length;

    // Rejected by the callee; a second call while one is live is busy.
    const rejected = (await ring(conversation.id)).data.id as number;
    expect((await ring(conversation.id, therapist.token)).code).toBe(ERROR_CODES.callBusy.code);
    expect((await end(rejected, therapist.token)).data).toMatchObject({
      state: 'ended',
      outcome: 'rejected',
    });
    // Ending twice is harmless and changes nothing.
    expect((await end(rejected, customer.token)).data).toMatchObject({ outcome: 'rejected' });
    expect((await accept(rejected)).code).toBe(ERROR_CODES.callEnded.code);

    // Not answered: the caller's own 45 s timer ends it.
    const unanswered = (await ring(conversation.id)).data.id as number;
    clock.advance(CALL_RING_TIMEOUT_MS);
    expect((await end(unanswered, customer.token)).data).toMatchObject({ outcome: 'notAnswered' });

    // Not connected: answered, but the media never met within 20 s (the sweep is the backstop).
    const stuck = (await ring(conversation.id)).data.id as number;
    await accept(stuck);
    clock.advance(CALL_CONNECT_TIMEOUT_MS + 6_000);
    const sweep = app.sweeps.find((job) => job.name === 'expire-voice-calls');
    expect(await sweep?.run(clock.now())).toBe(1);
    expect((await s.get(`/app/chat/calls/${stuck}`, customer.token)).data).toMatchObject({
      outcome: 'notConnected',
    });

    // A connected call of 1:05, hung up by the callee.
    clock.advance(61_000);
    const talked = (await ring(conversation.id)).data.id as number;
    await accept(talked);
    expect((await post(`/app/chat/calls/${talked}/connected`, customer.token)).data.state).toBe('connected');
    clock.advance(65_000);
    expect((await post(`/app/chat/calls/${talked}/connected`, therapist.token)).data.state).toBe('connected');
    expect((await end(talked, therapist.token)).data).toMatchObject({
      outcome: 'completed',
      durationSeconds: 65,
    });

    // Cancelled by the caller while ringing.
    const cancelled = (await ring(conversation.id)).data.id as number;
    expect((await end(cancelled, customer.token)).data).toMatchObject({ outcome: 'cancelled' });
    await s.settle();

    for (const token of [customer.token, therapist.token]) {
      const written = (await callMessages(conversation.id, token)).slice(startCount);
      expect(written).toEqual([
        { outcome: 'rejected', durationSeconds: 0, callId: rejected, fromUid: customer.id },
        { outcome: 'notAnswered', durationSeconds: 0, callId: unanswered, fromUid: customer.id },
        { outcome: 'notConnected', durationSeconds: 0, callId: stuck, fromUid: customer.id },
        { outcome: 'completed', durationSeconds: 65, callId: talked, fromUid: customer.id },
        { outcome: 'cancelled', durationSeconds: 0, callId: cancelled, fromUid: customer.id },
      ]);
    }
    // The outcome is the platform's record: the caller cannot recall it.
    const [outcomeMessage] = (
      (await s.get(`/app/chat/conversations/${conversation.id}/messages`, customer.token)).data as {
        items: { msgId: number; type: number }[];
      }
    ).items
      .filter((item) => item.type === CHAT_MESSAGE_TYPES.call)
      .slice(-1);
    expect((await post(`/app/chat/messages/${outcomeMessage?.msgId}/revoke`, customer.token)).code).toBe(
      ERROR_CODES.chatRevokeNotOwn.code,
    );
    const ended = s.published.filter(
      (event) => event.type === CALL_ENDED_EVENT && event.topic === `user:${therapist.userId}`,
    );
    expect(ended.length).toBeGreaterThanOrEqual(5);
  });

  it('ends a ringing call nobody answers and a connected call gone silent from the sweep', async () => {
    clock.advance(61_000);
    const ringing = (await ring(conversation.id)).data.id as number;
    expect((await s.get('/app/chat/calls/current', therapist.token)).data).toMatchObject({
      id: ringing,
      state: 'ringing',
    });
    const sweep = app.sweeps.find((job) => job.name === 'expire-voice-calls');
    expect(await sweep?.run(clock.now())).toBe(0);
    clock.advance(CALL_RING_TIMEOUT_MS + 6_000);
    expect(await sweep?.run(clock.now())).toBe(1);
    expect((await s.get(`/app/chat/calls/${ringing}`, therapist.token)).data).toMatchObject({
      outcome: 'notAnswered',
    });
    expect((await s.get('/app/chat/calls/current', therapist.token)).data).toBeNull();

    const silent = (await ring(conversation.id)).data.id as number;
    await accept(silent);
    await post(`/app/chat/calls/${silent}/connected`, customer.token);
    clock.advance(20_000);
    await post(`/app/chat/calls/${silent}/connected`, customer.token);
    clock.advance(40_000);
    expect(await sweep?.run(clock.now())).toBe(1);
    // Its length runs to the last sign of life, not to when the sweep noticed.
    expect((await s.get(`/app/chat/calls/${silent}`, customer.token)).data).toMatchObject({
      outcome: 'completed',
      durationSeconds: 20,
    });
  });

  it('refuses ringing too often (ring-and-cancel must not flood the chat)', async () => {
    clock.advance(61_000);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const rung = await ring(conversation.id);
      codes.push(rung.code);
      if (rung.code === 0) await end(rung.data.id, customer.token);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, ERROR_CODES.chatSendingTooFast.code]);
  });
});

describe('ICE servers and TURN credentials', () => {
  it('mints coturn shared-secret credentials: username expiry:userId, credential base64 HMAC-SHA1', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const servers = iceServersFor(
      {
        stunUrls: ['stun:stun.example.com:3478'],
        turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        turnSecret: 'north-wind-shared-secret',
        ttlSeconds: 600,
      },
      42,
      now,
    );
    const expiry = Math.floor(now.getTime() / 1000) + 600;
    const expected = createHmac('sha1', 'north-wind-shared-secret').update(`${expiry}:42`).digest('base64');
    expect(servers).toEqual({
      iceServers: [
        { urls: ['stun:stun.example.com:3478'] },
        {
          urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
          username: `${expiry}:42`,
          credential: expected,
        },
      ],
      expiresAt: '2026-11-24T10:10:00.000Z',
    });
    // A known vector (RFC 2202 test case 2's key and a coturn-style username), so the scheme itself is pinned.
    expect(turnCredential('Jefe', 7, 1_700_000_000)).toEqual({
      username: '1700000000:7',
      credential: createHmac('sha1', 'Jefe').update('1700000000:7').digest('base64'),
    });
    expect(turnCredential('Jefe', 7, 1_700_000_000).credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('serves them to a signed-in user only, each user their own, from the configuration', async () => {
    const { app: turnApp } = await createTestApp({
      config: {
        ICE_STUN_URLS: 'stun:stun.example.com:3478',
        TURN_URLS: 'turn:turn.example.com:3478',
        TURN_SECRET: 'north-wind-shared-secret',
        TURN_CREDENTIAL_TTL_SECONDS: '300',
      },
    });
    const user = await registerUser(turnApp);
    const answer = (
      await call(turnApp, { method: 'GET', url: '/app/chat/calls/ice-servers', token: user.token })
    ).json();
    expect(answer.code).toBe(0);
    const turn = answer.data.iceServers[1];
    expect(turn.urls).toEqual(['turn:turn.example.com:3478']);
    const [expiry, userId] = String(turn.username).split(':');
    expect(Number(userId)).toBe(user.user.id);
    const lifetime = Number(expiry) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(290);
    expect(lifetime).toBeLessThanOrEqual(300);
    expect(turn.credential).toBe(
      createHmac('sha1', 'north-wind-shared-secret').update(turn.username).digest('base64'),
    );
    expect((await call(turnApp, { method: 'GET', url: '/app/chat/calls/ice-servers' })).json().code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
    // Without TURN configured (development on loopback) the list is simply empty.
    expect((await s.get('/app/chat/calls/ice-servers', customer.token)).data).toEqual({
      iceServers: [],
      expiresAt: null,
    });
  });

  it('refuses TURN URLs without the secret, and a URL of the wrong scheme, naming the variable', () => {
    expect(() => parseEnv({ TURN_URLS: 'turn:turn.example.com:3478' })).toThrow(/TURN_SECRET/);
    expect(() => parseEnv({ ICE_STUN_URLS: 'http://stun.example.com' })).toThrow(/ICE_STUN_URLS/);
  });
});
