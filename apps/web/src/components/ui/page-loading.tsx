import { useTranslation } from 'react-i18next';

/** Route-chunk placeholder: a CSS spinner (antd's SpinLoading would pull react-spring into the shell). */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('states.loading')}</span>
    </div>
  );
}
