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

export function saveToken(token: { token: string; tokenExpired: number }, now = Date.now()): void {
  writeStored(STORAGE_KEYS.token, token.token);
  writeStored(STORAGE_KEYS.tokenExpired, token.tokenExpired);
  writeStored(STORAGE_KEYS.tokenSavedAt, now);
}

/** A customer's session lasts 30 days; one used within its last week is renewed (POST /app/Login/reNewToken). */
export const RENEW_WITHIN_MS = 7 * 24 * 60 * 60_000;

/**
 * Renew once three quarters of the span the token was given have passed (and at most a week before
 * its end). Renewing revokes the old token, so a request still in flight with it answers 401: a staff
 * session (12 hours, always "within a week") must not be renewed on every visit to Me (decision 107).
 * A token stored before `savedAt` was kept falls back to the week.
 */
export function shouldRenewToken(
  tokenExpired: number | undefined,
  savedAt?: number,
  now = Date.now(),
): boolean {
  if (typeof tokenExpired !== 'number' || tokenExpired <= now) return false;
  const quarterOfSpan = typeof savedAt === 'number' ? (tokenExpired - savedAt) / 4 : RENEW_WITHIN_MS;
  return tokenExpired - now < Math.min(RENEW_WITHIN_MS, quarterOfSpan);
}

export const readTokenExpiry = () => readStored<number>(STORAGE_KEYS.tokenExpired);
export const readTokenSavedAt = () => readStored<number>(STORAGE_KEYS.tokenSavedAt);

export function saveUser(user: UserRecord): void {
  writeStored(STORAGE_KEYS.userInfo, user);
}

export const readToken = () => readStored<string>(STORAGE_KEYS.token);
export const readStoredUser = () => readStored<UserRecord>(STORAGE_KEYS.userInfo);

export function forgetSession(): void {
  clearSession();
}
