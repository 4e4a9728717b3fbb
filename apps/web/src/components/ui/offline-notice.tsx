import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOffline = () => !navigator.onLine;
const isOnlineOnServer = () => false;

/**
 * "You are offline": said while the phone has no network, above whatever the page shows (the
 * service worker serves the shell and the lists seen last, decision 050). The live region is
 * always there (empty while online) so screen readers announce the line when it appears.
 */
export function OfflineNotice() {
  const { t } = useTranslation('nav');
  const offline = useSyncExternalStore(subscribe, isOffline, isOnlineOnServer);
  return (
    <div className="offline-notice" role="status">
      {offline ? <p className="offline-notice__text">{t('offline')}</p> : null}
    </div>
  );
}
