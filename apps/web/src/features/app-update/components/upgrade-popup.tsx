import { Button, Modal } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../app-update-strings';
import { APP_VERSION } from '../../../lib/build-info';
import { useUpdateCheck } from '../hooks/use-update-check';
import { activateNewVersion } from '../service-worker';
import { setDismissedVersion } from '../update-dismissal';
import '../app-update.css';
import { showToast } from '../../../components/ui/feedback';

/** Keeps the page behind a forced update out of reach of the keyboard and screen readers too. */
function useInertApp(isActive: boolean) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root || !isActive) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [isActive]);
}

/**
 * The app-upgrade popup (spec section 2): shown over every page when a newer version is published.
 * A forced one (`method: "true"`) has no way to close it: no close button, the mask does nothing,
 * the page behind is inert; only updating ends it.
 */
export function UpgradePopup() {
  const { t } = useTranslation('appUpdate');
  const { update, isShown } = useUpdateCheck();
  const [isUpdating, setIsUpdating] = useState(false);
  const isForced = Boolean(update?.isForced);
  useInertApp(isShown && isForced);
  if (!update) return null;

  const onUpdate = async () => {
    setIsUpdating(true);
    const outcome = await activateNewVersion().catch(() => 'noNewVersion' as const);
    if (outcome === 'noNewVersion') {
      setIsUpdating(false);
      showToast(t('updateFailed'), 3000);
    }
  };

  return (
    <Modal
      visible={isShown}
      className="upgrade-popup"
      // Outside #root, which is made inert behind a forced update.
      getContainer={() => document.body}
      closeOnMaskClick={!isForced}
      showCloseButton={!isForced}
      onClose={() => {
        if (!isForced) setDismissedVersion(update.version);
      }}
      title={isForced ? t('forcedTitle') : t('title')}
      content={
        <div className="upgrade-popup__body">
          <p className="upgrade-popup__versions">
            {t('versions', { current: APP_VERSION, next: update.version })}
          </p>
          {update.des ? <p className="upgrade-popup__notes">{update.des}</p> : null}
          {isForced ? <p className="upgrade-popup__forced">{t('forcedHint')}</p> : null}
          <div className="upgrade-popup__actions">
            <Button block color="primary" size="large" loading={isUpdating} onClick={onUpdate}>
              {t('updateNow')}
            </Button>
            {isForced ? null : (
              <Button block fill="none" size="large" onClick={() => setDismissedVersion(update.version)}>
                {t('later')}
              </Button>
            )}
          </div>
        </div>
      }
    />
  );
}
