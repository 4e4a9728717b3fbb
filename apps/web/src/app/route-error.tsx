import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/ui/empty-state';
import { useDocumentTitle } from '../components/ui/use-document-title';

/** Shown when a page chunk fails to load (offline, new deploy) or a page throws. */
export function RouteError() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('errors.unknown'));
  return (
    <div className="page">
      <EmptyState
        icon={<span className="route-error__mark">!</span>}
        title={t('errors.unknown')}
        action={
          <button type="button" className="primary-button" onClick={() => window.location.reload()}>
            {t('actions.retry')}
          </button>
        }
      />
    </div>
  );
}
