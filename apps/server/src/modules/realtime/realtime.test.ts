import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { createLocalEventBus, createRedisEventBus, type EventBus } from './event-bus';

async function connect(app: FastifyInstance, path = '/ws'): Promise<WebSocket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  afterAll(() => socket.close());
  return socket;
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
  });
}

async function subscribe(socket: WebSocket, topics: string[]) {
  const reply = nextMessage(socket);
  socket.send(JSON.stringify({ op: 'subscribe', topics }));
  return reply;
}

describe('the realtime WebSocket on one process', async () => {
  const bus = createLocalEventBus();
  const { app } = await createTestApp({ bus });
  const socket = await connect(app);

  it('answers ping and refuses malformed frames without closing', async () => {
    const pong = nextMessage(socket);
    socket.send(JSON.stringify({ op: 'ping' }));
    expect(await pong).toEqual({ op: 'pong' });
    const error = nextMessage(socket);
    socket.send('{not json');
    expect(await error).toEqual({ op: 'error', reason: 'malformed' });
  });

  it('delivers events of subscribed topics only, and never private topics', async () => {
    expect(await subscribe(socket, ['public:cities', 'user:42'])).toEqual({
      op: 'subscribed',
      topics: ['public:cities'],
    });
    const received = nextMessage(socket);
    await bus.publish({ topic: 'public:other', type: 'ignored', payload: null });
    await bus.publish({ topic: 'public:cities', type: 'city.opened', payload: { cityId: 3 } });
    expect(await received).toEqual({
      op: 'event',
      topic: 'public:cities',
      type: 'city.opened',
      payload: { cityId: 3 },
    });
  });
});

describe('upgrades to other paths', async () => {
  const { app } = await createTestApp({
    extend(app) {
      app.get('/app/test/counted', { config: { access: 'public' } }, async () => {
        calls += 1;
        return { ok: true };
      });
    },
  });
  let calls = 0;
  await connect(app);

  it('refuses them with 404 and never runs the route they name', async () => {
    for (const path of ['/app/test/counted', '/', '/wsx', '/docs']) {
      const status = await new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`);
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => reject(new Error(`${path} was upgraded`)));
        socket.once('error', reject);
      });
      expect({ path, status }).toEqual({ path, status: 404 });
    }
    expect(calls).toBe(0);
  });

  it('still upgrades /ws with a query string or a trailing slash', async () => {
    for (const path of ['/ws?v=1', '/ws/']) {
      const socket = await connect(app, path);
      const pong = nextMessage(socket);
      socket.send(JSON.stringify({ op: 'ping' }));
      expect(await pong).toEqual({ op: 'pong' });
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
  const buses: EventBus[] = [await createRedisEventBus(url), await createRedisEventBus(url)];
  afterAll(() => Promise.all(buses.map((bus) => bus.close())));
  const database = await openTestDatabase();
  const { app: first } = await createTestApp({ database, bus: buses[0] as EventBus });
  const { app: second } = await createTestApp({ database, bus: buses[1] as EventBus });
  const socket = await connect(second);

  it('delivers an event published on one process to a socket on another', async () => {
    await subscribe(socket, ['public:redis-probe']);
    const received = nextMessage(socket);
    await (buses[0] as EventBus).publish({
      topic: 'public:redis-probe',
      type: 'probe',
      payload: { from: 'first' },
    });
    expect(await received).toMatchObject({ topic: 'public:redis-probe', payload: { from: 'first' } });
    const health = await first.inject({ method: 'GET', url: '/health' });
    expect(health.json().data.realtime).toBe('redis');
  });
});
