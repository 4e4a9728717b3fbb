import webpush from 'web-push';

/** Where a browser receives pushes, as it gave it to us. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What a push service said: `delivered` (2xx), `gone` (404/410: the browser dropped the subscription,
 * so we drop it too) or `failed` (anything else; kept, tried again with the next push).
 */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** Sends one encrypted message to one subscription (decision 056); the push service is outside our walls. */
export interface PushSender {
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The real sender: `web-push` signs with VAPID and encrypts with aes128gcm (RFC 8291); the request
 * itself goes out with `fetch`, under a timeout, so a slow push service cannot hold the outbox.
 */
export function createWebPushSender(keys: VapidKeys, timeoutMs: number): PushSender {
  return {
    async send(target, payload, options) {
      try {
        const request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: keys,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
        });
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (response.ok) return 'delivered';
        return response.status === 404 || response.status === 410 ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
