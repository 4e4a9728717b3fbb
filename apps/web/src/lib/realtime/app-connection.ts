import { REALTIME_PATH } from '@sabai/shared/realtime/realtime.schemas';
import { resolveApiBase } from '../api-client';
import { getStoredLanguage } from '../preferences';
import { readStored, STORAGE_KEYS, subscribeStorage } from '../storage';
import { RealtimeConnection } from './realtime-connection';

/** ws(s):// on the API's host: the configured API base, or this page's origin (same-origin deploys). */
export function realtimeUrl(): string {
  const base = resolveApiBase() || window.location.origin;
  const url = new URL(REALTIME_PATH, `${base}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('lang', getStoredLanguage());
  return url.toString();
}

let connection: RealtimeConnection | null = null;

/** The app's one socket, made on first use (a guest or a page without live data never opens it). */
export function appConnection(): RealtimeConnection {
  if (connection) return connection;
  const created = new RealtimeConnection({
    url: realtimeUrl,
    token: () => readStored<string>(STORAGE_KEYS.token),
    createSocket: (url, protocols) => new WebSocket(url, protocols),
  });
  subscribeStorage((key) => {
    if (key === STORAGE_KEYS.token) created.restart();
  });
  window.addEventListener('online', () => created.nudge());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') created.nudge();
  });
  connection = created;
  return created;
}
