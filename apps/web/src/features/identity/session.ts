import './identity-strings';
import type { Session, UserRecord } from '@sabai/shared/identity/identity.schemas';
import { clearSession, readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

export { isLoggedIn, useIsLoggedIn } from '../../lib/session-state';

/**
 * The signed-in state lives in storage (the request helper reads the token from there on every call):
 * logged in means a token and stored user info, as in the spec's client.
 */
export function saveSession(session: Pick<Session, 'token' | 'tokenExpired' | 'user'>): void {
  saveToken(session);
  writeStored(STORAGE_KEYS.userInfo, session.user);
}

export function saveToken(token: { token: string; tokenExpired: number }): void {
  writeStored(STORAGE_KEYS.token, token.token);
  writeStored(STORAGE_KEYS.tokenExpired, token.tokenExpired);
}

/** Sessions last 30 days; one used within its last week is renewed (POST /app/Login/reNewToken). */
export const RENEW_WITHIN_MS = 7 * 24 * 60 * 60_000;

export function shouldRenewToken(tokenExpired: number | undefined, now = Date.now()): boolean {
  return typeof tokenExpired === 'number' && tokenExpired - now < RENEW_WITHIN_MS && tokenExpired > now;
}

export const readTokenExpiry = () => readStored<number>(STORAGE_KEYS.tokenExpired);

export function saveUser(user: UserRecord): void {
  writeStored(STORAGE_KEYS.userInfo, user);
}

export const readToken = () => readStored<string>(STORAGE_KEYS.token);
export const readStoredUser = () => readStored<UserRecord>(STORAGE_KEYS.userInfo);

export function forgetSession(): void {
  clearSession();
}
