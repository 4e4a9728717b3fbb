import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { DeveloperOptions } from '../../../features/developer-options/components/developer-options';
import '../../../features/developer-options/developer-strings';
import { DEVELOPER_OPTIONS_ENABLED } from '../../../lib/build-info';
import * as paths from '../../../lib/paths';

/** my/developerOptions: hidden in production builds unless the build enables it (decision 055). */
export default function DeveloperOptionsPage() {
  const { t } = useTranslation('developer');
  return (
    <Page title={t('title')} backTo={paths.about.href()}>
      {DEVELOPER_OPTIONS_ENABLED ? (
        <DeveloperOptions />
      ) : (
        <EmptyState icon={<SetOutline />} title={t('unavailable')} />
      )}
    </Page>
  );
}
