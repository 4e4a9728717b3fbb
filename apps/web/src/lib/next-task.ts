/**
 * Resolves in a later task of the event loop, so that the work after it starts a new task (issue
 * #17, decision 099). The browser can paint and take a tap in between, and no task grows long.
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), else a
 * message to ourselves: unlike a zero timeout, neither is clamped to 4 ms nested or throttled to
 * once a second in a tab opened in the background.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
