import { describe, expect, it } from 'vitest';
import { RealtimeConnection, SESSION_ENDED_CLOSE_CODE, type SocketLike } from './realtime-connection';

/** A transport the test drives by hand: what the client sent, and the server's side of the wire. */
class ScriptedSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly sent: Record<string, unknown>[] = [];
  closedByClient = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  serverSends(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup({ guest = false } = {}) {
  const token: string | undefined = guest ? undefined : 'tok123';
  const sockets: ScriptedSocket[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let currentToken = token;
  const connection = new RealtimeConnection({
    url: () => 'ws://test/ws',
    token: () => currentToken,
    createSocket: (url, protocols) => {
      const socket = new ScriptedSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    random: () => 1,
  });
  const fireTimers = (ms: number) => {
    for (const timer of timers.filter((t) => !t.cleared && t.ms === ms)) {
      timer.cleared = true;
      timer.run();
    }
  };
  return {
    connection,
    sockets,
    timers,
    fireTimers,
    setToken: (next: string | undefined) => {
      currentToken = next;
    },
  };
}

function recorder() {
  const events: unknown[] = [];
  let resyncs = 0;
  return {
    listener: {
      onEvent: (event: { payload: unknown }) => events.push(event.payload),
      onResync: () => resyncs++,
    },
    events,
    resyncs: () => resyncs,
  };
}

describe('RealtimeConnection', () => {
  it('opens no socket for a guest', () => {
    const { connection, sockets } = setup({ guest: true });
    connection.subscribe('order:1', recorder().listener);
    expect(sockets).toHaveLength(0);
  });

  it('offers the token as a subprotocol and subscribes every topic once the socket opens', () => {
    const { connection, sockets } = setup();
    connection.subscribe('order:1', recorder().listener);
    connection.subscribe('user:7', recorder().listener);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as ScriptedSocket;
    expect(socket.protocols).toEqual(['sabai.v1', 'token.tok123']);
    socket.open();
    expect(socket.sent).toEqual([
      { op: 'subscribe', topic: 'order:1' },
      { op: 'subscribe', topic: 'user:7' },
    ]);
  });

  it('delivers a topic’s events only to its listeners', () => {
    const { connection, sockets } = setup();
    const order = recorder();
    const user = recorder();
    connection.subscribe('order:1', order.listener);
    connection.subscribe('user:7', user.listener);
    const socket = sockets[0] as ScriptedSocket;
    socket.open();
    socket.serverSends({ op: 'event', topic: 'order:1', seq: 3, type: 'order.statusChanged', payload: 'a' });
    socket.serverSends({ op: 'event', topic: 'user:7', seq: 9, type: 'order.created', payload: 'b' });
    expect(order.events).toEqual(['a']);
    expect(user.events).toEqual(['b']);
  });

  it('after a drop, reconnects with backoff and resumes each topic from the last sequence it saw', () => {
    const { connection, sockets, timers, fireTimers } = setup();
    const order = recorder();
    connection.subscribe('order:1', order.listener);
    const first = sockets[0] as ScriptedSocket;
    first.open();
    first.serverSends({ op: 'ack', topic: 'order:1', seq: 4 });
    first.serverSends({ op: 'event', topic: 'order:1', seq: 5, type: 'order.statusChanged', payload: 'x' });
    first.drop();
    expect(sockets).toHaveLength(1);
    expect(timers.some((t) => t.ms === 1_000 && !t.cleared)).toBe(true);
    fireTimers(1_000);
    const second = sockets[1] as ScriptedSocket;
    second.open();
    expect(second.sent).toContainEqual({ op: 'subscribe', topic: 'order:1', since: 5 });
    expect(order.resyncs()).toBe(0);
    // The backoff grows while the server stays away, and starts again once a socket opens.
    second.drop();
    fireTimers(1_000);
    (sockets[2] as ScriptedSocket).drop();
    fireTimers(2_000);
    (sockets[3] as ScriptedSocket).drop();
    expect(timers.filter((t) => !t.cleared).map((t) => t.ms)).toContain(5_000);
  });

  it('tells the page to reload when the server cannot replay what was missed', () => {
    const { connection, sockets } = setup();
    const order = recorder();
    connection.subscribe('order:1', order.listener);
    const socket = sockets[0] as ScriptedSocket;
    socket.open();
    socket.serverSends({ op: 'ack', topic: 'order:1', seq: 900, resync: true });
    expect(order.resyncs()).toBe(1);
  });

  it('does not retry a socket whose session ended, until the token changes', () => {
    const { connection, sockets, timers, setToken } = setup();
    connection.subscribe('order:1', recorder().listener);
    (sockets[0] as ScriptedSocket).open();
    (sockets[0] as ScriptedSocket).drop(SESSION_ENDED_CLOSE_CODE);
    expect(timers.filter((t) => !t.cleared && t.ms < 25_000)).toHaveLength(0);
    setToken('fresh');
    connection.restart();
    expect(sockets).toHaveLength(2);
    expect((sockets[1] as ScriptedSocket).protocols).toContain('token.fresh');
  });

  it('unsubscribes a topic nobody hears and closes the idle socket later', () => {
    const { connection, sockets, fireTimers } = setup();
    const stop = connection.subscribe('order:1', recorder().listener);
    const socket = sockets[0] as ScriptedSocket;
    socket.open();
    stop();
    expect(socket.sent).toContainEqual({ op: 'unsubscribe', topic: 'order:1' });
    expect(socket.closedByClient).toBe(false);
    fireTimers(10_000);
    expect(socket.closedByClient).toBe(true);
  });

  it('subscribes a topic added while open at once, and keeps pinging', () => {
    const { connection, sockets, fireTimers } = setup();
    connection.subscribe('user:7', recorder().listener);
    const socket = sockets[0] as ScriptedSocket;
    socket.open();
    connection.subscribe('order:2', recorder().listener);
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: 'order:2' });
    fireTimers(25_000);
    expect(socket.sent).toContainEqual({ op: 'ping' });
  });
});
