import { UpgradePopup } from '../features/app-update/components/upgrade-popup';
import { PageProviders } from './providers';

/**
 * The upgrade popup over every page (decision 055): its own chunk, loaded by `AppUpdateLoader`
 * only once a newer version is known to be published.
 */
export default function AppUpdateGate() {
  return (
    <PageProviders>
      <UpgradePopup />
    </PageProviders>
  );
}
