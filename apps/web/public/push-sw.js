/*
 * Web Push in the service worker (decision 056), loaded by the generated sw.js (workbox
 * `importScripts`). Shows each push, tells open pages about it, and on a tap opens the page the
 * spec names: types 3, 4, 5, 6, 7, 9 and 10 the order page, anything else the notification's
 * detail (the same rule as features/notifications/notification-target.ts).
 */
const ORDER_PAGE_TYPES = [3, 4, 5, 6, 7, 9, 10];

function targetOf(payload) {
  const extra = payload?.extra?.extraMap || {};
  if (extra.ordersId && ORDER_PAGE_TYPES.includes(payload.type)) {
    return `/my/order/pay?ordersId=${encodeURIComponent(extra.ordersId)}`;
  }
  return extra.noticeId
    ? `/chat/notificationDetails?id=${encodeURIComponent(extra.noticeId)}`
    : '/chat/notificationList';
}

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ kind: 'sabai-push', payload });
      const noticeId = payload.extra?.extraMap?.noticeId;
      await self.registration.showNotification(payload.title, {
        body: payload.body || '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: noticeId ? `notice-${noticeId}` : undefined,
        data: payload,
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetOf(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // The open app navigates itself (keeps its state and socket); then it comes to the front.
        open.postMessage({ kind: 'sabai-open', url });
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
