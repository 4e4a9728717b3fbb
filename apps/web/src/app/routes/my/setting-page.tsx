import { List } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useIsLoggedIn } from '../../../features/identity/session';
import { PreferencesList } from '../../../features/settings/components/preferences-list';
import { DEVELOPER_OPTIONS_ENABLED } from '../../../lib/build-info';
import * as paths from '../../../lib/paths';
import { readStored, STORAGE_KEYS, subscribeStorage } from '../../../lib/storage';

const readUnlocked = () => readStored<boolean>(STORAGE_KEYS.developerOptionsUnlocked) === true;

export default function SettingPage() {
  const { t } = useTranslation('settings');
  const { t: tIdentity } = useTranslation('identity');
  const isLoggedIn = useIsLoggedIn();
  // Listed once unlocked (seven taps on the version in About), and only in builds that have them.
  const isDeveloperUnlocked = useSyncExternalStore(subscribeStorage, readUnlocked, () => false);
  return (
    <Page title={t('title')} backTo={paths.my.href()}>
      {isLoggedIn ? (
        <List className="my-menu">
          <List.Item arrowIcon>
            <Link className="stretched-action" to={paths.accountManagement.href()}>
              {tIdentity('account.title')}
            </Link>
          </List.Item>
          <List.Item arrowIcon>
            <Link className="stretched-action" to={paths.telegram.href()}>
              {t('telegram')}
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
      <List header={t('appSection')} className="my-menu">
        <List.Item arrowIcon>
          <Link className="stretched-action" to={paths.about.href()}>
            {t('about')}
          </Link>
        </List.Item>
        {DEVELOPER_OPTIONS_ENABLED && isDeveloperUnlocked ? (
          <List.Item arrowIcon>
            <Link className="stretched-action" to={paths.developerOptions.href()}>
              {t('developerOptions')}
            </Link>
          </List.Item>
        ) : null}
      </List>
    </Page>
  );
}
