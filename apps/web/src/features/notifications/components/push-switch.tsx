import { List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  isPushSupported,
  PushError,
} from '../push-subscription';

/** "Push notifications" on or off for this browser (decision 056). */
export function PushSwitch() {
  const { t } = useTranslation('chat');
  const supported = isPushSupported();
  const [isOn, setOn] = useState(false);
  const [isBusy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentPushSubscription()
      .then((subscription) => live && setOn(Boolean(subscription)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported]);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) await enablePush();
      else await disablePush();
      setOn(next);
    } catch (error) {
      const problem = error instanceof PushError ? error.problem : null;
      showToast(
        problem ? t(`notices.push.${problem}`) : isApiError(error) ? error.message : t('notices.push.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <List className="notices-push">
      <List.Item
        description={supported ? t('notices.push.hint') : t('notices.push.unsupported')}
        extra={
          <Switch
            checked={isOn}
            loading={isBusy}
            disabled={!supported}
            onChange={(next) => void change(next)}
            aria-label={t('notices.push.title')}
          />
        }
      >
        {t('notices.push.title')}
      </List.Item>
    </List>
  );
}
