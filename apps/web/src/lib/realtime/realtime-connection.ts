import {
  REALTIME_PROTOCOL,
  REALTIME_TOKEN_PROTOCOL_PREFIX,
  type RealtimeEventMessage,
  realtimeServerMessageSchema,
} from '@sabai/shared/realtime/realtime.schemas';

/** What a page hears on a topic. */
export interface TopicListener {
  onEvent(event: RealtimeEventMessage): void;
  /**
   * The server could not replay what was missed (too much, pruned) or the socket came back after a
   * drop before the topic had a known position: reload the state over HTTP.
   */
  onResync(): void;
}

/** The close code the server uses when the session ended while the socket was open. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
export const PING_INTERVAL_MS = 25_000;
/** With no listener left, the socket stays this long in case the next page subscribes again. */
export const IDLE_CLOSE_MS = 10_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The part of the browser's WebSocket the connection uses (a test passes its own transport). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
const OPEN = 1;

export interface RealtimeConnectionOptions {
  /** The socket's URL (ws:// or wss://), read at each connect. */
  url: () => string;
  /** The session token, read at each connect; none → no socket (guests hear nothing). */
  token: () => string | undefined;
  createSocket: (url: string, protocols: string[]) => SocketLike;
  /** Timers are injectable so tests run on a fake clock. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** 0..1, spreads reconnects of many clients after a server restart. */
  random?: () => number;
}

type Status = 'idle' | 'connecting' | 'open' | 'waiting' | 'sessionEnded';

/**
 * One WebSocket for the whole app (decision 016's protocol): pages subscribe to topics, the
 * connection subscribes on the server once per topic, resumes each topic from the last sequence
 * number it saw after a drop (the server replays what was missed, or says `resync`), reconnects
 * with backoff, and closes when nobody listens. A session that ended (close 4401) is not retried
 * until the token changes.
 */
export class RealtimeConnection {
  private readonly listeners = new Map<string, Set<TopicListener>>();
  private readonly lastSeq = new Map<string, number>();
  private readonly statusListeners = new Set<(open: boolean) => void>();
  private socket: SocketLike | null = null;
  private status: Status = 'idle';
  private attempt = 0;
  private hasOpenedBefore = false;
  private retryTimer: unknown = null;
  private idleTimer: unknown = null;
  private pingTimer: unknown = null;
  private tokenInUse: string | undefined;

  constructor(private readonly options: RealtimeConnectionOptions) {}

  get isOpen(): boolean {
    return this.status === 'open';
  }

  onStatus(listener: (open: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  subscribe(topic: string, listener: TopicListener): () => void {
    let set = this.listeners.get(topic);
    const isNewTopic = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    this.cancelIdleClose();
    if (this.status === 'open' && isNewTopic) this.sendSubscribe(topic);
    else this.ensureConnected();
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(topic);
      this.lastSeq.delete(topic);
      if (this.status === 'open') this.send({ op: 'unsubscribe', topic });
      if (this.listeners.size === 0) this.scheduleIdleClose();
    };
  }

  /** Login, logout or a new token: start again with the current session. */
  restart(): void {
    this.teardown();
    this.status = 'idle';
    this.attempt = 0;
    this.hasOpenedBefore = false;
    this.lastSeq.clear();
    this.ensureConnected();
  }

  /** The network came back or the tab became visible: try now instead of waiting out the backoff. */
  nudge(): void {
    if (this.status !== 'waiting') return;
    this.clear(this.retryTimer);
    this.retryTimer = null;
    this.status = 'idle';
    this.ensureConnected();
  }

  private ensureConnected() {
    if (this.listeners.size === 0) return;
    if (this.status !== 'idle') {
      if (this.status === 'sessionEnded' && this.options.token() !== this.tokenInUse) this.restart();
      return;
    }
    const token = this.options.token();
    if (!token) return;
    this.tokenInUse = token;
    this.status = 'connecting';
    const socket = this.options.createSocket(this.options.url(), [
      REALTIME_PROTOCOL,
      `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`,
    ]);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.status = 'open';
      this.attempt = 0;
      const isReconnect = this.hasOpenedBefore;
      this.hasOpenedBefore = true;
      for (const topic of this.listeners.keys()) this.sendSubscribe(topic, isReconnect);
      this.startPing();
      for (const listener of this.statusListeners) listener(true);
    };
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    socket.onerror = () => {
      // The close event follows and decides what to do.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      const wasOpen = this.status === 'open';
      if (event.code === SESSION_ENDED_CLOSE_CODE) this.status = 'sessionEnded';
      else this.scheduleRetry();
      if (wasOpen) for (const listener of this.statusListeners) listener(false);
    };
  }

  private sendSubscribe(topic: string, isReconnect = false) {
    const since = this.lastSeq.get(topic);
    if (since === undefined && isReconnect) {
      // No position known for this topic: what happened while away cannot be replayed.
      for (const listener of this.listeners.get(topic) ?? []) listener.onResync();
    }
    this.send({ op: 'subscribe', topic, ...(since !== undefined ? { since } : {}) });
  }

  private receive(data: unknown) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const result = realtimeServerMessageSchema.safeParse(parsed);
    if (!result.success) return;
    const message = result.data;
    if (message.op === 'event') {
      if (message.seq !== undefined) this.lastSeq.set(message.topic, message.seq);
      for (const listener of this.listeners.get(message.topic) ?? []) listener.onEvent(message);
    } else if (message.op === 'ack') {
      if (!this.listeners.has(message.topic)) return;
      if (message.seq !== undefined) this.lastSeq.set(message.topic, message.seq);
      if (message.resync) for (const listener of this.listeners.get(message.topic) ?? []) listener.onResync();
    }
    // `error` (a topic the user may not hear) and `pong` need nothing: the page keeps its HTTP data.
  }

  private send(message: object) {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private scheduleRetry() {
    if (this.listeners.size === 0) {
      this.status = 'idle';
      return;
    }
    this.status = 'waiting';
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] as number;
    this.attempt += 1;
    const jitter = 0.5 + (this.options.random ?? Math.random)() * 0.5;
    this.retryTimer = this.timer(() => {
      this.retryTimer = null;
      this.status = 'idle';
      this.ensureConnected();
    }, base * jitter);
  }

  private startPing() {
    this.stopPing();
    const tick = () => {
      this.send({ op: 'ping' });
      this.pingTimer = this.timer(tick, PING_INTERVAL_MS);
    };
    this.pingTimer = this.timer(tick, PING_INTERVAL_MS);
  }

  private stopPing() {
    this.clear(this.pingTimer);
    this.pingTimer = null;
  }

  private scheduleIdleClose() {
    this.cancelIdleClose();
    this.idleTimer = this.timer(() => {
      this.idleTimer = null;
      if (this.listeners.size === 0) {
        this.teardown();
        this.status = 'idle';
        this.hasOpenedBefore = false;
      }
    }, IDLE_CLOSE_MS);
  }

  private cancelIdleClose() {
    this.clear(this.idleTimer);
    this.idleTimer = null;
  }

  private teardown() {
    this.clear(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      const wasOpen = this.status === 'open';
      socket.close(1000, 'done');
      if (wasOpen) for (const listener of this.statusListeners) listener(false);
    }
  }

  private timer(run: () => void, ms: number): unknown {
    return (this.options.setTimer ?? ((fn, delay) => setTimeout(fn, delay)))(run, ms);
  }

  private clear(handle: unknown) {
    if (handle === null) return;
    (this.options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(handle);
  }
}
