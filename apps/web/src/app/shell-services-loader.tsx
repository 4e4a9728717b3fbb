import { Component, type ErrorInfo, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

const ShellServices = lazy(() => import('./shell-services'));

/** Waits at most this long for an idle moment (a busy phone still gets its services). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * A services chunk that fails to load (offline before the service worker cached it) must not
 * take the page down with it: the pages work without it, and the next start loads it again.
 */
class QuietBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * Loads the shell's services (push bridge, upgrade check, agreement prompt, incoming-call ring:
 * app/shell-services.tsx) after the first render, when the main thread is idle, so none of their
 * code is on the first screen's wire or in its start-up work (issue #17, decision 064).
 */
export function ShellServicesLoader() {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIsStarted(true), 1);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIsStarted(true), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return isStarted ? (
    <QuietBoundary>
      <Suspense fallback={null}>
        <ShellServices />
      </Suspense>
    </QuietBoundary>
  ) : null;
}
