import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useIsLoggedIn } from '../../../features/identity/session';
import { PreferencesList } from '../../../features/settings/components/preferences-list';
import * as paths from '../../../lib/paths';

export default function SettingPage() {
  const { t } = useTranslation('settings');
  const { t: tIdentity } = useTranslation('identity');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('title')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <List className="my-menu">
          <List.Item arrowIcon>
            <Link className="stretched-action" to={paths.accountManagement.href()}>
              {tIdentity('account.title')}
            </Link>
          </List.Item>
        </List>
      ) : null}
      <PreferencesList />
      <List className="my-menu">
        <List.Item arrowIcon>
          <Link className="stretched-action" to={paths.helpCentre.settingsPath}>
            {t('help')}
          </Link>
        </List.Item>
        <List.Item arrowIcon>
          <Link className="stretched-action" to={paths.agreements.href()}>
            {t('agreements')}
          </Link>
        </List.Item>
      </List>
    </Page>
  );
}
