/**
 * Which optional update the user put off ("Later") in this tab's session: not offered again until
 * the next session or a newer version. A forced update ignores it.
 */
const KEY = 'sabai.updateDismissed';
const listeners = new Set<() => void>();
let memory: string | null = null;

export function readDismissedVersion(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return memory;
  }
}

export function setDismissedVersion(version: string | null): void {
  memory = version;
  try {
    if (version === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, version);
  } catch {
    // Storage blocked: the in-memory copy serves this page's life.
  }
  for (const listener of listeners) listener();
}

export function subscribeDismissal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
