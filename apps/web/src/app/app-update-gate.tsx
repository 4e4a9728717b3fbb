import { UpgradePopup } from '../features/app-update/components/upgrade-popup';
import { PageProviders } from './providers';

/**
 * The upgrade check and popup over every page (decision 055): its own chunk, loaded after the
 * first render so the shell's first load does not carry it.
 */
export default function AppUpdateGate() {
  return (
    <PageProviders>
      <UpgradePopup />
    </PageProviders>
  );
}
