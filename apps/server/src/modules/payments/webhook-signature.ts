import { createHmac, timingSafeEqual } from 'node:crypto';

/** Five minutes either way: an older (or future) timestamp is a replay or a wrong clock. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
export const SIGNATURE_HEADER = 'x-sabai-signature';
export const TIMESTAMP_HEADER = 'x-sabai-timestamp';

/** HMAC-SHA256 (hex) over `<unix seconds>.<raw body>`, as the providers' webhooks are signed. */
export function signWebhook(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export type SignatureVerdict = 'valid' | 'forged' | 'stale';

/** Checked in every mode, development included (issue #14). */
export function verifyWebhook(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): SignatureVerdict {
  if (!input.timestamp || !/^\d{1,12}$/.test(input.timestamp) || !input.signature) return 'forged';
  const expected = Buffer.from(signWebhook(input.secret, Number(input.timestamp), input.rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(input.signature) ? Buffer.from(input.signature, 'hex') : null;
  if (!given || !timingSafeEqual(expected, given)) return 'forged';
  const age = Math.abs(input.now.getTime() - Number(input.timestamp) * 1000);
  return age > WEBHOOK_TOLERANCE_MS ? 'stale' : 'valid';
}
