import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../../config/env';
import type { VapidKeys } from './push-sender';

const DEV_SUBJECT = 'mailto:push@sabai.invalid';

/**
 * The VAPID key pair (decision 056): from the environment; outside production, when unset, a
 * development pair kept in DATA_DIR/vapid-keys.json (never in the repository) so browsers stay
 * subscribed across restarts; tests get a pair in memory. Production without keys has no Web Push.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys | null {
  const subject = config.VAPID_SUBJECT ?? DEV_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.NODE_ENV === 'production') return null;
  if (config.NODE_ENV === 'test') return { ...webpush.generateVAPIDKeys(), subject };
  const file = path.resolve(config.DATA_DIR, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    }
  } catch {
    // Not there yet (or unreadable): make a new pair below.
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  return { ...generated, subject };
}
