import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../app-update-strings';
import {
  APP_BUILD_COMMIT,
  APP_VERSION,
  APP_VERSION_CODE,
  DEVELOPER_OPTIONS_ENABLED,
} from '../../../lib/build-info';
import * as paths from '../../../lib/paths';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { useSecretTaps } from '../hooks/use-secret-taps';
import { useUpdateCheck } from '../hooks/use-update-check';
import '../app-update.css';
import { showToast } from '../../../components/ui/feedback';

/** Taps left before the developer options open, from which a hint is shown (Android shows it from 4). */
const HINT_FROM = 4;

/**
 * my/setting/about: the build's version and code (fixed at build time), its commit, and a manual
 * update check. Tapping the version seven times opens the developer options.
 */
export function AboutList() {
  const { t } = useTranslation('appUpdate');
  const navigate = useNavigate();
  const { checkNow } = useUpdateCheck();
  const [isChecking, setIsChecking] = useState(false);
  const tap = useSecretTaps();

  const onVersionTap = () => {
    const remaining = tap();
    if (remaining === 0) {
      if (!DEVELOPER_OPTIONS_ENABLED) {
        showToast(t('about.developerUnavailable'));
        return;
      }
      writeStored(STORAGE_KEYS.developerOptionsUnlocked, true);
      void navigate(paths.developerOptions.href());
    } else if (remaining < HINT_FROM && DEVELOPER_OPTIONS_ENABLED) {
      showToast(t('about.tapsToDeveloper', { count: remaining }), 1000);
    }
  };

  const onCheck = async () => {
    setIsChecking(true);
    try {
      // When there is one, the upgrade popup (mounted over every page) opens by itself.
      const update = await checkNow();
      if (!update) showToast(t('about.upToDate'));
    } catch {
      showToast(t('about.checkFailed'));
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <>
      <div className="about-header">
        <img src="/icons/icon-192.png" alt="" width={72} height={72} />
        <h2>{t('common:brand')}</h2>
        <p>{t('about.tagline')}</p>
      </div>
      <List>
        <List.Item extra={<span className="about-version">{`${APP_VERSION} (${APP_VERSION_CODE})`}</span>}>
          <button type="button" className="stretched-action" onClick={onVersionTap}>
            {t('about.version')}
          </button>
        </List.Item>
        <List.Item extra={<span className="about-version">{APP_BUILD_COMMIT}</span>}>
          {t('about.build')}
        </List.Item>
      </List>
      <div className="about-actions">
        <Button block color="primary" fill="outline" size="large" loading={isChecking} onClick={onCheck}>
          {t('about.checkForUpdates')}
        </Button>
      </div>
    </>
  );
}
