import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, subscribeStorage } from './storage';

/**
 * The one rule for "logged in" (spec: a session is stored; guests are identified by device id only):
 * a token and the stored user. Identity writes the session; any page may ask.
 */
export const isLoggedIn = (): boolean =>
  Boolean(readStored<string>(STORAGE_KEYS.token) && readStored<unknown>(STORAGE_KEYS.userInfo));

const subscribe = (onChange: () => void) => subscribeStorage(onChange);
const readLoggedIn = () => isLoggedIn();

/** Re-renders when the user logs in or out (in this tab). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, readLoggedIn, readLoggedIn);
}
