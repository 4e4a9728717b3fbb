import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { createLocalEventBus, createRedisEventBus, type EventBus } from './event-bus';

async function connect(app: FastifyInstance): Promise<WebSocket> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
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
