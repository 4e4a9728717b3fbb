import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { WorkbenchView } from '../../../features/workbench/components/workbench-view';
import '../../../features/workbench/workbench-strings';
import '../../../features/workbench/workbench.css';

/** The provider's centre tab (spec pages/therapist/therapist): online switch, incoming orders, schedule. */
export default function WorkbenchPage() {
  const { t } = useTranslation('workbench');
  return (
    <Page title={t('title')}>
      <WorkbenchView />
    </Page>
  );
}
