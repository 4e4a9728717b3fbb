/**
 * "An update is available": said by the start-up check and by About's manual check, heard by the
 * shell, which only then loads the upgrade popup (its UI stays out of the first screen's scripts).
 * The news is kept: the shell's listener loads once the first screen is idle, and hears an
 * announcement made before it subscribed.
 */
const listeners = new Set<() => void>();
let isAnnounced = false;

export function announceUpdate(): void {
  isAnnounced = true;
  for (const listener of listeners) listener();
}

export function subscribeUpdateAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  if (isAnnounced) listener();
  return () => listeners.delete(listener);
}
