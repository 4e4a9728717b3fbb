import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '../lib/session-state';
import { AppUpdateLoader } from './app-update-loader';
import { PageProviders } from './providers';
import { PushBridge } from './push-bridge';

// The prompt after a new agreement version (decision 054): fetched once a user is signed in.
const AgreementGate = lazy(() =>
  import('../features/help/components/agreement-gate').then((module) => ({ default: module.AgreementGate })),
);
// Rings in the app on any page (decision 057): fetched once a user is signed in. On mounting it
// asks whether a call is ringing for this user, so one that began before it loaded still rings.
const IncomingCallWatcher = lazy(() => import('../features/chat/call/incoming-call-watcher'));

/**
 * What the app does beside its pages, once for the whole app (decision 064): the service
 * worker's messages (push bridge), the upgrade check and popup, and for a signed-in user the
 * agreement prompt and the incoming-call ring. None of it draws the first screen, so this chunk
 * loads when the first screen is idle (`ShellServicesLoader`) and carries the page providers
 * (TanStack Query, antd-mobile's locale) with it.
 */
export default function ShellServices() {
  const isLoggedIn = useIsLoggedIn();
  return (
    <PageProviders>
      <PushBridge />
      <AppUpdateLoader />
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <AgreementGate isLoggedIn={isLoggedIn} />
          <IncomingCallWatcher />
        </Suspense>
      ) : null}
    </PageProviders>
  );
}
