import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll } from 'vitest';

/**
 * A push service on this machine for a journey (decision 063): headless Chromium has no vendor's
 * push service to subscribe to, so the journey subscribes a browser's keys here, receives what
 * the real server pushes, and decrypts it as the browser would (RFC 8291, aes128gcm) before
 * handing it to the service worker. The server tests' copy is apps/server/test/local-push-service.ts.
 */
export async function startPushService() {
  const received: { path: string; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: Buffer.concat(chunks) });
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A browser's subscription at `path`: what it gives the server, and its pushes decrypted. */
  function browserSubscription(path: string) {
    const keyPair = createECDH('prime256v1');
    keyPair.generateKeys();
    const authSecret = randomBytes(16);
    const pushes = () => received.filter((push) => push.path === path);
    return {
      body: {
        endpoint: `${base}${path}`,
        expirationTime: null,
        keys: {
          p256dh: keyPair.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      },
      count: () => pushes().length,
      /** The nth push (from 0) to this subscription, decrypted. */
      decrypted: (index: number): unknown => {
        const push = pushes()[index];
        if (!push) throw new Error(`no push ${index} at ${path}`);
        const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: keyPair, authSecret });
        return JSON.parse(plain.toString('utf8'));
      },
    };
  }
  return { browserSubscription };
}
