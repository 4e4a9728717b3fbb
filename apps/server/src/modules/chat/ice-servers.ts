import { createHmac } from 'node:crypto';
import type { IceServers } from '@sabai/shared/chat/call.schemas';

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | undefined;
  ttlSeconds: number;
}

/**
 * coturn's REST-API credentials (`use-auth-secret` + `static-auth-secret`): the username is
 * `<expiry unix seconds>:<user id>` and the password is base64(HMAC-SHA1(secret, username)). The
 * TURN server recomputes the HMAC and refuses the username once its expiry has passed, so nothing
 * is stored and a leaked credential dies on its own.
 */
export function turnCredential(secret: string, userId: number, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The browser's RTCIceServer list for this user now: STUN as configured, TURN with fresh credentials. */
export function iceServersFor(config: IceConfig, userId: number, now: Date): IceServers {
  const iceServers: IceServers['iceServers'] = [];
  if (config.stunUrls.length) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length && config.turnSecret) {
    const expiresAtSeconds = Math.floor(now.getTime() / 1000) + config.ttlSeconds;
    iceServers.push({
      urls: config.turnUrls,
      ...turnCredential(config.turnSecret, userId, expiresAtSeconds),
    });
    return { iceServers, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
  }
  return { iceServers, expiresAt: null };
}
