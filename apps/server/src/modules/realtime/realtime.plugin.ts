import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { REALTIME_PROTOCOL } from '@sabai/shared/realtime/realtime.schemas';
import type { FastifyInstance } from 'fastify';
import type { CallerLookup } from '../../http/auth';
import type { EventBus } from './event-bus';
import { REALTIME_PATH, realtimeRoutes } from './realtime.routes';
import { type AccountsChangedSource, createSessionWatch } from './session-watch';
import type { TopicAccess } from './topic-access';
import { createTopicHub } from './topic-hub';
import type { TopicLog } from './topic-log.repository';

const MAX_FRAME_BYTES = 64 * 1024;

function isRealtimeUpgrade(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  const path = url.split('?', 1)[0];
  return path === REALTIME_PATH || path === `${REALTIME_PATH}/`;
}

function refuseUpgrade(socket: Duplex) {
  socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
}

/**
 * The WebSocket endpoint, with @fastify/websocket registered in its own scope: registered app-wide,
 * it adds an onRequest and an onResponse hook to every HTTP request the server answers (decision
 * 007). Scoped, it would still route an upgrade to any other path through the app and leave that
 * socket open, so upgrades are sorted here: /ws goes to the plugin, anything else is refused.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: {
    bus: EventBus;
    access: TopicAccess;
    log: TopicLog;
    lookupSession: (token: string) => Promise<CallerLookup>;
    /** Identity's word that users' sessions changed: their sockets re-check at once. */
    onAccountsChanged?: AccountsChangedSource;
  },
) {
  const { onAccountsChanged, ...routeOptions } = options;
  const hub = createTopicHub(options.bus);
  const sessions = createSessionWatch(onAccountsChanged);
  app.addHook('onClose', async () => {
    hub.close();
    sessions.close();
  });
  const realtimeUpgrades = new EventEmitter();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isRealtimeUpgrade(request)) realtimeUpgrades.emit('upgrade', request, socket, head);
    else refuseUpgrade(socket);
  });
  await app.register(async (scope) => {
    await scope.register(websocket, {
      // The plugin listens for upgrades on `server` when given one: here, only those sorted to /ws.
      options: {
        server: realtimeUpgrades as unknown as Server,
        maxPayload: MAX_FRAME_BYTES,
        // The token may ride in the offered subprotocols; the answer names only the protocol itself.
        handleProtocols: (offered: Set<string>) =>
          offered.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
      },
    });
    await scope.register(realtimeRoutes, { ...routeOptions, hub, sessions });
  });
}
