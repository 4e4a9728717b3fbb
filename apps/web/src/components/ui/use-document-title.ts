import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Every page names itself: "<page> · Sabai", in the interface language. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation('common');
  const title = t('titleFormat', { page: pageTitle });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
