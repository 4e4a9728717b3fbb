import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll } from 'vitest';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on this machine for one test file (decision 056): it keeps what it receives and
 * answers with the status set for the path, like a browser vendor's service answering 201, or 410
 * once the browser unsubscribed; a held path answers only when released (a push service that hangs).
 */
export async function startLocalPushService() {
  const received: ReceivedPush[] = [];
  const statusOf = new Map<string, number>();
  const held = new Set<string>();
  const waiting: { path: string; response: ServerResponse }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = statusOf.get(path) ?? 201;
      if (!held.has(path)) return void response.end();
      const entry = { path, response };
      waiting.push(entry);
      // The sender gave up (its timeout): the request no longer waits for us.
      response.on('close', () => {
        if (waiting.includes(entry)) waiting.splice(waiting.indexOf(entry), 1);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    for (const { response } of waiting.splice(0)) response.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
  function browserSubscription(path: string) {
    const keyPair = createECDH('prime256v1');
    keyPair.generateKeys();
    const authSecret = randomBytes(16);
    return {
      path,
      body: {
        endpoint: `${base}${path}`,
        expirationTime: null,
        keys: {
          p256dh: keyPair.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      },
      /** Decrypts what the push service received, as the browser would (RFC 8291, aes128gcm). */
      decrypt: (body: Buffer) =>
        JSON.parse(
          ece.decrypt(body, { version: 'aes128gcm', privateKey: keyPair, authSecret }).toString('utf8'),
        ),
    };
  }

  return {
    base,
    received,
    statusOf,
    browserSubscription,
    /** Pushes to this path get no answer until `release`. */
    hold: (path: string) => held.add(path),
    release: (path: string) => {
      held.delete(path);
      for (const entry of waiting.filter((item) => item.path === path)) {
        waiting.splice(waiting.indexOf(entry), 1);
        entry.response.end();
      }
    },
    /** How many requests to this path are still open, waiting for an answer (not given up by the sender). */
    waitingAt: (path: string) => waiting.filter((item) => item.path === path).length,
  };
}
