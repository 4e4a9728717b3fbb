import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeUpdateAnnouncements } from '../features/app-update/update-signal';

const AppUpdateGate = lazy(() => import('./app-update-gate'));
const CHECK_EVERY_MS = 30 * 60_000;
const checkQuietly = () =>
  import('../features/app-update/quick-check').then((module) => module.checkForUpdateQuietly());

/**
 * The upgrade check over every page (decision 055), light until it matters: a small check at
 * start (once the first screen is idle), on return to the foreground and every half hour; the
 * popup and its UI load only when a newer version is published. Once loaded, the popup keeps
 * checking by itself.
 */
export function AppUpdateLoader() {
  const [isNeeded, setIsNeeded] = useState(false);

  useEffect(() => subscribeUpdateAnnouncements(() => setIsNeeded(true)), []);

  useEffect(() => {
    if (isNeeded) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const first = idle(() => void checkQuietly(), { timeout: 3000 });
    const timer = window.setInterval(() => void checkQuietly(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkQuietly();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelIdle(first);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isNeeded]);

  return isNeeded ? (
    <Suspense fallback={null}>
      <AppUpdateGate />
    </Suspense>
  ) : null;
}
