/**
 * The one place that touches localStorage. Values are JSON; a broken or missing store (private
 * mode, quota, server-side tests) degrades to an in-memory map so the app still runs.
 */
export const STORAGE_KEYS = {
  language: 'sabai.language',
  currency: 'sabai.currency',
  distanceUnit: 'sabai.distanceUnit',
  token: 'sabai.token',
  userInfo: 'sabai.userInfo',
  deviceId: 'sabai.deviceId',
  cityId: 'sabai.cityId',
  /** The chosen city's currency: money is shown in it until the user picks a currency in Settings. */
  cityCurrency: 'sabai.cityCurrency',
  /** Developer options: the API host override (used by the request helper and the socket). */
  apiBase: 'sabai.apiBase',
  /** Developer options: the app variant (1, 2 or 3) sent as the `dir` header. */
  appVariant: 'sabai.appVariant',
  /** The developer options were unlocked (seven taps on the version): Settings lists them. */
  developerOptionsUnlocked: 'sabai.developerOptionsUnlocked',
  /** An invitation code from a shared link, offered on the sign-up form. */
  invitationCode: 'sabai.invitationCode',
  /** When the session token stops working (ms since epoch), so it can be renewed in time. */
  tokenExpired: 'sabai.tokenExpired',
  /** When this device stored the token (ms since epoch): how much of the session's span has gone. */
  tokenSavedAt: 'sabai.tokenSavedAt',
  /** The user's last known position (WGS-84), for distances and nearest-first lists. */
  location: 'sabai.location',
  /** Unsent chat text per conversation id (the list's draft preview). */
  chatDrafts: 'sabai.chatDrafts',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const memory = new Map<string, string>();
const listeners = new Set<(key: StorageKey) => void>();

function backend(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access can throw (blocked third-party storage); fall through to memory.
  }
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}

export function readStored<T>(key: StorageKey): T | undefined {
  try {
    const raw = backend().getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    backend().setItem(key, JSON.stringify(value));
  } catch {
    memory.set(key, JSON.stringify(value));
  }
  for (const listener of listeners) listener(key);
}

export function removeStored(key: StorageKey): void {
  try {
    backend().removeItem(key);
  } catch {
    memory.delete(key);
  }
  for (const listener of listeners) listener(key);
}

/** Subscribe to writes made through this module (for useSyncExternalStore). */
export function subscribeStorage(listener: (key: StorageKey) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A random id, generated once per browser and kept: it identifies guests to the server. */
export function getDeviceId(): string {
  const existing = readStored<string>(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = randomId(32);
  writeStored(STORAGE_KEYS.deviceId, id);
  return id;
}

export function randomId(length = 32): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The app variant sent as `dir`: the developer options' choice, else this build's. */
export function getStoredAppVariant(fallback: number): number {
  const stored = readStored<number>(STORAGE_KEYS.appVariant);
  return stored === 1 || stored === 2 || stored === 3 ? stored : fallback;
}

/** Developer options' "clear local data": every key this app wrote, the device id included. */
export function clearAllStored(): void {
  memory.clear();
  try {
    localStorage.clear();
  } catch {
    // Nothing stored outside memory.
  }
  for (const key of Object.values(STORAGE_KEYS)) for (const listener of listeners) listener(key);
}

/** The chat's copy on the device (features/chat/local/chat-store): the user's messages and outbox. */
const CHAT_DATABASE_NAME = 'uni-im';

/**
 * Logging out forgets the session, never the device or the preferences. The chat copy goes too:
 * the next user of this browser must neither read those messages nor send that outbox as themselves.
 * (By name, without Dexie: the shell does not load the chat's code to log out; an open copy closes
 * itself when asked to.)
 */
export function clearSession(): void {
  removeStored(STORAGE_KEYS.token);
  removeStored(STORAGE_KEYS.tokenExpired);
  removeStored(STORAGE_KEYS.tokenSavedAt);
  removeStored(STORAGE_KEYS.userInfo);
  try {
    if (typeof indexedDB !== 'undefined' && indexedDB) indexedDB.deleteDatabase(CHAT_DATABASE_NAME);
  } catch {
    // No IndexedDB here (some private modes throw on access): nothing was kept.
  }
}
