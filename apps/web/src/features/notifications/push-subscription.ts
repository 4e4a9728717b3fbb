import { notificationsApi } from './api/notifications-api';

/** Whether this browser can receive Web Push at all (iOS Safari only once added to the home screen). */
export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export type PushProblem = 'unsupported' | 'denied' | 'unavailable';
export class PushError extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

/** The service worker's registration, or nothing when none takes charge within a few seconds. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushError('unsupported')), 5_000),
  );
  return Promise.race([ready, timeout]);
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/** Asks permission, subscribes with the server's VAPID key and hands the subscription to the server. */
export async function enablePush(): Promise<void> {
  if (!isPushSupported()) throw new PushError('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushError('denied');
  const { publicKey } = await notificationsApi.pushConfig();
  if (!publicKey) throw new PushError('unavailable');
  const manager = (await registration()).pushManager;
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await notificationsApi.subscribe(subscription.toJSON());
}

/** Unsubscribes this browser here and on the server (a server that already forgot it is fine). */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await notificationsApi.unsubscribe(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
