/**
 * "An update is available": said by the start-up check and by About's manual check, heard by the
 * shell, which only then loads the upgrade popup (its UI stays out of the first screen's scripts).
 */
const listeners = new Set<() => void>();

export function announceUpdate(): void {
  for (const listener of listeners) listener();
}

export function subscribeUpdateAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
