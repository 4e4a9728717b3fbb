import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGE_EVENT } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { redisUnavailableReason, TEST_REDIS_URL, uniqueTestChannel } from '../../../test/redis';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { createRedisEventBus, type EventBus } from '../realtime';

/*
 * Two server processes behind a load balancer: two apps on one database, each with its own Redis
 * connections, as `server.ts` builds them with REDIS_URL. A message sent through one must reach a
 * socket on the other, once. The channel is this run's own, so other runs on the same Redis
 * neither hear nor add to these events.
 */
const unavailable = await redisUnavailableReason();
const title = 'chat across two server processes through Redis';

// A skipped suite's body still runs to collect its tests, so without Redis it is not declared at all.
if (unavailable) {
  console.warn(`${title}: skipped, ${unavailable}`);
  describe(title, () => {
    it.skip(`needs Redis: ${unavailable}`, () => {});
  });
} else
  describe(title, async () => {
    const channel = uniqueTestChannel('chat-cross-process');
    const buses: EventBus[] = [];
    afterAll(() => Promise.all(buses.map((bus) => bus.close())));
    const database = await openTestDatabase();
    const busA = await createRedisEventBus(TEST_REDIS_URL, { channel });
    const busB = await createRedisEventBus(TEST_REDIS_URL, { channel });
    buses.push(busA, busB);
    const { app: first } = await createTestApp({ database, bus: busA });
    const { app: second } = await createTestApp({ database, bus: busB });

    // Customer service may talk to anyone at any time (decision 048): no order is needed.
    const customer = await registerUser(first);
    const agent = await registerUser(second);
    await grantRoles(second, database, agent.user.id, ['customer_service']);
    const opened = (
      await call(first, {
        method: 'POST',
        url: '/app/chat/conversations',
        token: customer.token,
        payload: { toUid: agent.user.id },
      })
    ).json();
    const conversationId = opened.data.id as number;
    const topic = `chat:${conversationId}`;

    const sendThrough = async (app: FastifyInstance, token: string, uniqueId: string, body: string) =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/chat/conversations/${conversationId}/messages`,
          token,
          payload: { type: 'text', uniqueId, body },
        })
      ).json();
    /** Both processes run their outbox dispatcher, as they do in production: the event is still logged once. */
    const dispatchOnBoth = () =>
      Promise.all([first.outbox.dispatchPending(), second.outbox.dispatchPending()]);

    /** A socket following the conversation; with `since`, what it missed is replayed before the ack. */
    async function socketOn(app: FastifyInstance, token: string, since?: number) {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
      const received: Record<string, unknown>[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      afterAll(() => socket.close());
      socket.send(
        JSON.stringify({ op: 'subscribe', id: 'sub', topic, ...(since === undefined ? {} : { since }) }),
      );
      await expect.poll(() => received.find((message) => message.op === 'ack')).toMatchObject({ topic });
      const chatEvents = () =>
        received
          .filter((message) => message.op === 'event' && message.type === CHAT_MESSAGE_EVENT)
          .map((message) => ({
            seq: message.seq,
            uniqueId: (message.payload as { uniqueId: string }).uniqueId,
            body: (message.payload as { body: string }).body,
          }));
      return { socket, received, chatEvents };
    }

    it('opened the conversation between the customer and customer service', () => {
      expect(opened.code).toBe(0);
    });

    it('delivers a message sent through one process to a socket on the other, exactly once', async () => {
      const agentOnSecond = await socketOn(second, agent.token);
      const customerOnFirst = await socketOn(first, customer.token);

      const sent = await sendThrough(first, customer.token, 'cross-one', 'Hello from process one');
      expect(sent.code).toBe(0);
      await dispatchOnBoth();
      await expect
        .poll(() => agentOnSecond.chatEvents())
        .toEqual([{ seq: 1, uniqueId: 'cross-one', body: 'Hello from process one' }]);

      // A resend after a lost answer, this time through the other process: the stored message
      // answers, nothing new is written or published.
      const resent = await sendThrough(second, customer.token, 'cross-one', 'Hello from process one');
      expect(resent.data).toMatchObject({ msgId: sent.data.msgId, seq: 1 });
      await dispatchOnBoth();

      // The answer travels the same way; when it has arrived, anything duplicated before it would have too.
      expect((await sendThrough(second, agent.token, 'cross-two', 'Hello from process two')).code).toBe(0);
      await dispatchOnBoth();
      const expected = [
        { seq: 1, uniqueId: 'cross-one', body: 'Hello from process one' },
        { seq: 2, uniqueId: 'cross-two', body: 'Hello from process two' },
      ];
      await expect.poll(() => customerOnFirst.chatEvents()).toEqual(expected);
      await expect.poll(() => agentOnSecond.chatEvents()).toEqual(expected);
    });

    it('lets a client back from being away read what it missed since its last sequence, on the other process', async () => {
      // Over HTTP, as the conversation page catches up after a reconnect.
      const missed = (
        await call(first, {
          method: 'GET',
          url: `/app/chat/conversations/${conversationId}/messages?since=1`,
          token: agent.token,
        })
      ).json();
      expect(missed.data.items.map((item: { uniqueId: string }) => item.uniqueId)).toEqual(['cross-two']);
      // On the socket: a subscribe with `since` replays the topic's events from the shared log.
      const back = await socketOn(first, agent.token, 0);
      expect(back.chatEvents().map((event) => event.uniqueId)).toEqual(['cross-one', 'cross-two']);
    });

    it('answers a stranger reading since a sequence as not found, on either process', async () => {
      const stranger = await registerUser(first);
      for (const app of [first, second]) {
        const answer = (
          await call(app, {
            method: 'GET',
            url: `/app/chat/conversations/${conversationId}/messages?since=0`,
            token: stranger.token,
          })
        ).json();
        expect(answer).toMatchObject({ code: ERROR_CODES.notFound.code, data: null });
      }
    });
  });
