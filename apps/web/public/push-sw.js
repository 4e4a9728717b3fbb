/*
 * Web Push in the service worker (decision 056), loaded by the generated sw.js (workbox
 * `importScripts`). Shows each push, tells open pages about it, and on a tap opens the page the
 * spec names: types 3, 4, 5, 6, 7, 9 and 10 the order page, anything else the notification's
 * detail (the same rule as features/notifications/notification-target.ts).
 *
 * Voice calls (decision 063) have a `kind`: "incomingCall" rings (unless a window of the app is
 * visible: the in-app ring has it, and the windows are told too), "callEnded" closes the ring with the call's tag. A tap opens
 * chat/voiceCall for the call; "answer" and "decline" add an `intent` the call page acts on. The
 * worker cannot decline by itself: the session token lives in the page's localStorage, out of
 * the worker's reach, and a copy where the worker could read it would outlive a logout.
 */
const ORDER_PAGE_TYPES = [3, 4, 5, 6, 7, 9, 10];
const INCOMING_CALL = 'incomingCall';
const CALL_ENDED = 'callEnded';
const CALL_ACTIONS = ['answer', 'decline'];
/** Calls whose ring stopped while this worker ran: a ring that arrives after its end stays silent. */
const stoppedCalls = new Set();

const callTag = (callId) => `call-${callId}`;
const isId = (value) => Number.isSafeInteger(value) && value > 0;

function callPage(callId, intent) {
  const query = new URLSearchParams({ call_id: String(callId) });
  if (intent) query.set('intent', intent);
  return `/chat/voiceCall?${query}`;
}

function targetOf(payload, action) {
  if (payload?.kind === INCOMING_CALL && isId(payload.callId)) {
    return callPage(payload.callId, CALL_ACTIONS.includes(action) ? action : null);
  }
  const extra = payload?.extra?.extraMap || {};
  if (extra.ordersId && ORDER_PAGE_TYPES.includes(payload.type)) {
    return `/my/order/pay?ordersId=${encodeURIComponent(extra.ordersId)}`;
  }
  return extra.noticeId
    ? `/chat/notificationDetails?id=${encodeURIComponent(extra.noticeId)}`
    : '/chat/notificationList';
}

const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function ringIncomingCall(payload) {
  if (!isId(payload.callId) || stoppedCalls.has(payload.callId)) return;
  // A ring that arrives after its 45 s (a phone that woke late) has nothing left to answer.
  const expiresAt = Date.parse(payload.expiresAt);
  if (!Number.isFinite(expiresAt) || expiresAt <= Date.now()) return;
  const windows = await appWindows();
  if (windows.some((client) => client.visibilityState === 'visible')) {
    // The in-app ring has it (the socket's call.ring); this is a second way to it, for a slow socket.
    for (const client of windows) client.postMessage({ kind: 'sabai-call', payload });
    return;
  }
  const labels = payload.actions || {};
  await self.registration.showNotification(payload.title, {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: payload.caller?.avatarUrl || '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: callTag(payload.callId),
    renotify: true,
    requireInteraction: true,
    vibrate: [600, 400, 600, 400, 600],
    actions: CALL_ACTIONS.filter((action) => typeof labels[action] === 'string').map((action) => ({
      action,
      title: labels[action],
    })),
    data: payload,
  });
}

async function closeCall(payload) {
  if (!isId(payload.callId)) return;
  stoppedCalls.add(payload.callId);
  const shown = await self.registration.getNotifications({ tag: callTag(payload.callId) });
  for (const notification of shown) notification.close();
}

async function showPush(payload) {
  const windows = await appWindows();
  for (const client of windows) client.postMessage({ kind: 'sabai-push', payload });
  const noticeId = payload.extra?.extraMap?.noticeId;
  await self.registration.showNotification(payload.title, {
    body: payload.body || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: noticeId ? `notice-${noticeId}` : undefined,
    data: payload,
  });
}

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (payload?.kind === CALL_ENDED) return event.waitUntil(closeCall(payload));
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(payload.kind === INCOMING_CALL ? ringIncomingCall(payload) : showPush(payload));
});

/**
 * Opens a tapped notification's page: an open window of the app navigates itself (it keeps its
 * state and socket) and comes to the front; otherwise a new window opens there.
 */
async function openFromNotification(notification, action) {
  notification.close();
  const url = targetOf(notification.data, action);
  const windows = await appWindows();
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    open.postMessage({ kind: 'sabai-open', url });
    // Focusing needs the tap's permission; the page has already been told where to go.
    await open.focus().catch(() => {});
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(event.notification, event.action));
});

// Headless Chromium cannot tap a system notification: the browser journey calls this with the
// shown notification instead (e2e/journeys/call-push.e2e.ts). Nothing a page can reach.
self.sabaiOpenFromNotification = openFromNotification;
