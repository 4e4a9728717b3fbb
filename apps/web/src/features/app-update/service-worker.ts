/**
 * Updating the PWA (decision 055). The service worker is registered by vite-plugin-pwa with
 * `registerType: 'autoUpdate'`: a newly deployed worker installs, skips waiting and claims this
 * page, but the page keeps running the code it loaded. "Update" therefore means: ask the browser
 * to look for a new worker now, let a waiting one activate (SKIP_WAITING), wait until it controls
 * the page, then reload so the new code runs.
 */
export type UpdateOutcome = 'reloading' | 'noNewVersion';

const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
// A worker that took over after this page loaded (a deploy seen in the background) is a new version;
// the very first worker claiming an uncontrolled page is the same version.
const startedControlled = Boolean(container?.controller);
let hasNewerController = false;
container?.addEventListener('controllerchange', () => {
  if (startedControlled) hasNewerController = true;
});

const WAIT_FOR_ACTIVATION_MS = 15_000;

function waitForControl(worker: ServiceWorker, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    container?.addEventListener('controllerchange', done, { once: true });
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') done();
    });
  });
}

export async function activateNewVersion(reload: () => void = () => window.location.reload()) {
  const registration = await container?.getRegistration().catch(() => undefined);
  // No worker (development, unsupported browser, first visit still registering): a reload is the update.
  if (!registration || hasNewerController) {
    reload();
    return 'reloading' satisfies UpdateOutcome;
  }
  try {
    await registration.update();
  } catch {
    // Offline or the worker script failed to load: whatever was already found still counts.
  }
  const next = registration.waiting ?? registration.installing;
  if (!next) return hasNewerController ? reloadNow(reload) : ('noNewVersion' satisfies UpdateOutcome);
  next.postMessage({ type: 'SKIP_WAITING' });
  await waitForControl(next, WAIT_FOR_ACTIVATION_MS);
  return reloadNow(reload);
}

function reloadNow(reload: () => void): UpdateOutcome {
  reload();
  return 'reloading';
}
