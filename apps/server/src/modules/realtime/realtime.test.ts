import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { realtimeServerMessageSchema } from '@sabai/shared/realtime/realtime.schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { registerUser } from '../../../test/identity-helpers';
import { uniqueTestChannel } from '../../../test/redis';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';

async function listen(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Opens a socket and collects every message it receives, each checked against the shared schema. */
async function connect(app: FastifyInstance, options: { path?: string; protocols?: string[] } = {}) {
  const socket = new WebSocket(
    `ws://127.0.0.1:${await listen(app)}${options.path ?? '/ws'}`,
    options.protocols,
  );
  const received: Record<string, unknown>[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    realtimeServerMessageSchema.parse(message);
    received.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  afterAll(() => socket.close());
  let read = 0;
  /** The next message not yet taken. */
  const next = async () => {
    await expect.poll(() => received.length > read, { timeout: 3_000 }).toBe(true);
    return received[read++] as Record<string, unknown>;
  };
  const request = (message: Record<string, unknown>) => {
    socket.send(JSON.stringify(message));
    return next();
  };
  return { socket, received, next, request };
}

/** The HTTP status an upgrade is answered with, when it is refused. */
function refusedStatus(app: FastifyInstance, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`);
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('open', () => reject(new Error(`${path} was upgraded`)));
    socket.once('error', reject);
  });
}

describe('the realtime WebSocket on one process', async () => {
  const bus = createLocalEventBus();
  const { app } = await createTestApp({
    bus,
    extend(app) {
      // A module's declaration: sample 12 is the only one this test lets anyone hear.
      app.realtime.declareTopic('sample', (_user, id) => id === '12');
    },
  });
  await listen(app);
  const alice = await registerUser(app);
  const bob = await registerUser(app);
  const aliceTopic = `user:${alice.user.id}`;

  const commit = (topic: string, type: string, payload: unknown) =>
    app.outbox
      .transaction((tx) =>
        app.outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: topic,
          eventType: type,
          payload,
          topics: [topic],
        }),
      )
      .then(() => app.outbox.dispatchPending());

  it('refuses an upgrade without a valid session with 401 and the envelope', async () => {
    for (const path of ['/ws', '/ws?token=not-a-token', `/ws?token=${'x'.repeat(43)}`]) {
      const { status, body } = await refusedStatus(app, path);
      expect({ path, status }).toEqual({ path, status: 401 });
      expect(JSON.parse(body)).toMatchObject({ code: ERROR_CODES.unauthenticated.code });
    }
    const localised = await refusedStatus(app, '/ws?lang=zh-CN');
    expect(JSON.parse(localised.body).msg).not.toBe(JSON.parse((await refusedStatus(app, '/ws')).body).msg);
  });

  it('accepts the token as a query parameter or as an offered subprotocol', async () => {
    const byQuery = await connect(app, { path: `/ws?token=${alice.token}` });
    expect(await byQuery.request({ op: 'ping' })).toEqual({ op: 'pong' });
    const byProtocol = await connect(app, { protocols: ['sabai.v1', `token.${alice.token}`] });
    expect(byProtocol.socket.protocol).toBe('sabai.v1');
    expect(await byProtocol.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });

  it("lets a user hear their own topic only, and a module's topic as its authorizer says", async () => {
    const { request } = await connect(app, { path: `/ws?token=${alice.token}` });
    expect(await request({ op: 'subscribe', id: 'a', topic: aliceTopic })).toEqual({
      op: 'ack',
      id: 'a',
      topic: aliceTopic,
      seq: 0,
    });
    for (const topic of [`user:${bob.user.id}`, 'sample:13', 'conversation:1', 'internal:identity']) {
      expect(await request({ op: 'subscribe', id: 'b', topic })).toMatchObject({
        op: 'error',
        id: 'b',
        topic,
        code: ERROR_CODES.realtimeTopicForbidden.code,
      });
    }
    expect(await request({ op: 'subscribe', topic: 'sample:12' })).toMatchObject({
      op: 'ack',
      topic: 'sample:12',
    });
  });

  it('delivers committed events of subscribed topics with their sequence numbers, and nothing else', async () => {
    const { request, next, received } = await connect(app, { path: `/ws?token=${bob.token}` });
    const bobTopic = `user:${bob.user.id}`;
    await request({ op: 'subscribe', topic: bobTopic });
    await commit(aliceTopic, 'not.for.bob', {});
    await commit(bobTopic, 'order.accepted', { orderId: 1 });
    expect(await next()).toEqual({
      op: 'event',
      topic: bobTopic,
      seq: 1,
      type: 'order.accepted',
      payload: { orderId: 1 },
    });
    await commit(bobTopic, 'order.started', { orderId: 1 });
    expect(await next()).toMatchObject({ seq: 2, type: 'order.started' });
    expect(await request({ op: 'unsubscribe', id: 'u', topic: bobTopic })).toEqual({
      op: 'ack',
      id: 'u',
      topic: bobTopic,
    });
    await commit(bobTopic, 'order.finished', {});
    expect(await request({ op: 'ping' })).toEqual({ op: 'pong' });
    expect(received.filter((message) => message.op === 'event')).toHaveLength(2);
  });

  it("serialises an event's frame once however many of this process's sockets hear it", async () => {
    const erin = await registerUser(app);
    const topic = `user:${erin.user.id}`;
    const sockets = await Promise.all([1, 2, 3].map(() => connect(app, { path: `/ws?token=${erin.token}` })));
    for (const { request } of sockets) await request({ op: 'subscribe', topic });
    // Count the event frames built: one per event, not one per socket (decision 071).
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await commit(topic, 'order.accepted', { orderId: 7 });
      for (const { next } of sockets) {
        expect(await next()).toEqual({
          op: 'event',
          topic,
          seq: 1,
          type: 'order.accepted',
          payload: { orderId: 7 },
        });
      }
      const frames = stringify.mock.calls.filter(
        ([value]) => (value as { op?: unknown } | null)?.op === 'event',
      );
      expect(frames).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('sends a reconnecting client what it missed since its last sequence number, then the live events', async () => {
    const carol = await registerUser(app);
    const topic = `user:${carol.user.id}`;
    for (const n of [1, 2, 3]) await commit(topic, 'step', { n });
    const { request, next } = await connect(app, { path: `/ws?token=${carol.token}` });
    expect(await request({ op: 'subscribe', id: 'r', topic, since: 1 })).toMatchObject({
      op: 'event',
      seq: 2,
    });
    expect(await next()).toMatchObject({ op: 'event', seq: 3, payload: { n: 3 } });
    expect(await next()).toEqual({ op: 'ack', id: 'r', topic, seq: 3 });
    await commit(topic, 'step', { n: 4 });
    expect(await next()).toMatchObject({ op: 'event', seq: 4 });

    // A sequence number this server never gave: the client must reload rather than trust a gap.
    const other = await connect(app, { path: `/ws?token=${carol.token}` });
    expect(await other.request({ op: 'subscribe', topic, since: 99 })).toEqual({
      op: 'ack',
      topic,
      seq: 4,
      resync: true,
    });
  });

  it('stops a socket whose session was logged out at its next subscribe', async () => {
    const dave = await registerUser(app);
    const { request, socket } = await connect(app, { path: `/ws?token=${dave.token}` });
    expect(await request({ op: 'subscribe', topic: `user:${dave.user.id}` })).toMatchObject({ op: 'ack' });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await app.inject({ method: 'POST', url: '/app/auth/logout', headers: { token: dave.token } });
    expect(await request({ op: 'subscribe', topic: `user:${dave.user.id}` })).toMatchObject({
      op: 'error',
      code: ERROR_CODES.unauthenticated.code,
    });
    expect(await closed).toBe(4401);
  });

  it('answers a malformed or unknown message with an error and keeps the socket open', async () => {
    const { request, socket } = await connect(app, { path: `/ws?token=${alice.token}` });
    const invalid = { op: 'error', code: ERROR_CODES.realtimeMessageInvalid.code };
    expect(await request({ op: 'subscribe', id: 'x', topic: 'no topic' })).toMatchObject({
      ...invalid,
      id: 'x',
    });
    socket.send('{not json');
    expect(await request({ op: 'ping' })).toMatchObject(invalid);
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('upgrades to other paths', async () => {
  let calls = 0;
  const { app } = await createTestApp({
    extend(app) {
      app.get('/app/test/counted', { config: { access: 'public' } }, async () => {
        calls += 1;
        return { ok: true };
      });
    },
  });
  await listen(app);
  const { token } = await registerUser(app);

  it('refuses them with 404 and never runs the route they name', async () => {
    for (const path of [`/app/test/counted?token=${token}`, '/', '/wsx', '/docs']) {
      expect({ path, status: (await refusedStatus(app, path)).status }).toEqual({ path, status: 404 });
    }
    expect(calls).toBe(0);
  });

  it('still upgrades /ws with a query string or a trailing slash', async () => {
    for (const path of [`/ws?v=1&token=${token}`, `/ws/?token=${token}`]) {
      const { request } = await connect(app, { path });
      expect(await request({ op: 'ping' })).toEqual({ op: 'pong' });
    }
  });

  it('answers plain HTTP on the same server as before', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/counted' });
    expect(response.json()).toEqual({ ok: true });
    expect(calls).toBe(1);
  });
});

// Several server processes share events through Redis; two apps with their own buses stand in for them.
describe.runIf(process.env.REDIS_URL)('realtime across processes through Redis', async () => {
  const url = process.env.REDIS_URL as string;
  // This run's own channel: other runs on the same Redis must not hear or add to these events.
  const channel = uniqueTestChannel('realtime');
  const buses: EventBus[] = [
    await createRedisEventBus(url, { channel }),
    await createRedisEventBus(url, { channel }),
  ];
  afterAll(() => Promise.all(buses.map((bus) => bus.close())));
  const database = await openTestDatabase();
  const { app: first } = await createTestApp({ database, bus: buses[0] as EventBus });
  const { app: second } = await createTestApp({ database, bus: buses[1] as EventBus });
  const user = await registerUser(first);
  const topic = `user:${user.user.id}`;

  it("delivers a topic's event committed on one process to sockets on both, with one sequence number", async () => {
    const onFirst = await connect(first, { path: `/ws?token=${user.token}` });
    const onSecond = await connect(second, { path: `/ws?token=${user.token}` });
    await onFirst.request({ op: 'subscribe', topic });
    await onSecond.request({ op: 'subscribe', topic });
    await first.outbox.add(database.db, {
      aggregateType: 'order',
      aggregateId: 5,
      eventType: 'order.accepted',
      payload: { from: 'first' },
      topics: [topic],
    });
    await first.outbox.dispatchPending();
    const expected = { op: 'event', topic, seq: 1, type: 'order.accepted', payload: { from: 'first' } };
    expect(await onFirst.next()).toEqual(expected);
    expect(await onSecond.next()).toEqual(expected);

    // A client reconnecting to the other process gets the missed event from the shared log.
    const again = await connect(second, { path: `/ws?token=${user.token}` });
    expect(await again.request({ op: 'subscribe', topic, since: 0 })).toEqual(expected);
    const health = await first.inject({ method: 'GET', url: '/health' });
    expect(health.json().data.realtime).toBe('redis');
  });

  it("hears an event's topics published together as one message on every process, in the order given", async () => {
    const heard: RealtimeEvent[][] = [[], []];
    const unsubscribe = buses.map((bus, n) => bus.subscribe((event) => heard[n]?.push(event)));
    const together = ['chat:1', 'user:2', 'user:3'].map((to, n) => ({
      topic: to,
      seq: n + 1,
      type: 'x',
      payload: { n },
    }));
    await (buses[0] as EventBus).publishAll(together);
    await (buses[0] as EventBus).publish({ topic: 'after', type: 'y', payload: null });
    await expect.poll(() => heard.map((events) => events.length)).toEqual([4, 4]);
    for (const unsub of unsubscribe) unsub();
    for (const events of heard) {
      expect(events).toEqual([...together, { topic: 'after', type: 'y', payload: null }]);
    }
  });
});
