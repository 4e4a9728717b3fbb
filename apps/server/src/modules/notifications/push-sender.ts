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
  send(target: PushTarget, payload: string, options: { ttlSeconds: number; urgency: 'normal' | 'high' }): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The real sender: `web-push` signs with VAPID and encrypts with aes128gcm (RFC 8291). */
export function createWebPushSender(keys: VapidKeys, timeoutMs: number): PushSender {
  return {
    async send(target, payload, options) {
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: keys,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
          timeout: timeoutMs,
        });
        return 'delivered';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}
