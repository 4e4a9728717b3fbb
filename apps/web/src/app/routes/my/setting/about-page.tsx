import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { AboutList } from '../../../../features/app-update/components/about-list';
import '../../../../features/app-update/app-update-strings';
import * as paths from '../../../../lib/paths';

/** my/setting/about (decision 055). */
export default function AboutPage() {
  const { t } = useTranslation('appUpdate');
  return (
    <Page title={t('about.title')} backTo={paths.settings.href()}>
      <AboutList />
    </Page>
  );
}
