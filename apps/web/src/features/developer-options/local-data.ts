import { clearAllStored } from '../../lib/storage';

/**
 * Everything this app keeps in the browser: stored preferences and session, the tab's session
 * storage, the service worker's caches, IndexedDB databases and the worker itself. The next load
 * starts like a first visit (a new device id included).
 */
export async function clearLocalData(): Promise<void> {
  clearAllStored();
  try {
    sessionStorage.clear();
  } catch {
    // Blocked storage: nothing kept there.
  }
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.map((name) => caches.delete(name).catch(() => false)));
  }
  if (typeof indexedDB !== 'undefined' && 'databases' in indexedDB) {
    const databases = await indexedDB.databases().catch(() => []);
    for (const database of databases) if (database.name) indexedDB.deleteDatabase(database.name);
  }
  const registrations = await navigator.serviceWorker?.getRegistrations().catch(() => []);
  await Promise.all((registrations ?? []).map((registration) => registration.unregister()));
}
