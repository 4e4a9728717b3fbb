import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeUpdateAnnouncements } from '../features/app-update/update-signal';

const UpgradePopup = lazy(() =>
  import('../features/app-update/components/upgrade-popup').then((module) => ({
    default: module.UpgradePopup,
  })),
);
const CHECK_EVERY_MS = 30 * 60_000;
// The check's chunk may not load (the phone went offline before the first screen was idle, or a
// deploy replaced it): nothing to tell the user, the next check (foreground, half hour) tries again.
const checkQuietly = () =>
  import('../features/app-update/quick-check')
    .then((module) => module.checkForUpdateQuietly())
    .catch(() => undefined);

/**
 * The upgrade check over every page (decision 055), light until it matters: a small check when
 * the shell's services load (once the first screen is idle, decision 064), on return to the
 * foreground and every half hour; the popup and its UI load only when a newer version is
 * published. Once loaded, the popup keeps checking by itself.
 */
export function AppUpdateLoader() {
  const [isNeeded, setIsNeeded] = useState(false);

  useEffect(() => subscribeUpdateAnnouncements(() => setIsNeeded(true)), []);

  useEffect(() => {
    if (isNeeded) return;
    void checkQuietly();
    const timer = window.setInterval(() => void checkQuietly(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkQuietly();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isNeeded]);

  return isNeeded ? (
    <Suspense fallback={null}>
      <UpgradePopup />
    </Suspense>
  ) : null;
}
