import type { Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Watches a page's app socket for the server's `ack` of each topic it subscribes to (decision 016's
 * protocol). A journey that changes something on the server and expects an open page to show it
 * without a reload first waits until that page is subscribed: an event published before then is not
 * delivered live (the page would only see it on its next read). Call before the page opens its
 * socket (before `goto`): an ack that came earlier is not seen.
 */
export function watchSubscriptions(page: Page) {
  const acked = new Map<WebSocket, Set<string>>();
  page.on('websocket', (socket) => {
    const topics = new Set<string>();
    acked.set(socket, topics);
    socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { op?: string; topic?: string };
        if (message.op === 'ack' && message.topic) topics.add(message.topic);
      } catch {
        // Not a JSON frame: not the app protocol's.
      }
    });
  });
  return {
    /**
     * Resolves once a socket still open on the page has been told it is subscribed to `topic`; a
     * socket a navigation closed does not count, so this also waits for a reloaded page's new one.
     */
    async subscribed(topic: string): Promise<void> {
      const isSubscribed = () =>
        [...acked].some(([socket, topics]) => !socket.isClosed() && topics.has(topic));
      await expect.poll(isSubscribed, { message: `the page is subscribed to ${topic}` }).toBe(true);
    },
  };
}
