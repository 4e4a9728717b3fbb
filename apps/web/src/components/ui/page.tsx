import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from './use-document-title';

interface PageProps {
  /** Translated page name: used for the document title and, with `backTo`, the header. */
  title: string;
  /** Where "back" goes when the page was opened directly (no in-app history). */
  backTo?: string;
  /** Pages that draw their own header (Me, the call page) go without the title bar. */
  hasTitleBar?: boolean;
  /** A control at the header's right end (e.g. a conversation's info button). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Page({ title, backTo, hasTitleBar = true, action, className, children }: PageProps) {
  useDocumentTitle(title);
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const goBack = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else if (backTo) navigate(backTo);
  };
  return (
    <div className={className ? `page ${className}` : 'page'}>
      {hasTitleBar ? (
        <header className="page-header">
          {backTo ? (
            <button
              type="button"
              className="page-header__back"
              onClick={goBack}
              aria-label={t('actions.back')}
            >
              <LeftOutline aria-hidden="true" />
            </button>
          ) : (
            <span className="page-header__spacer" aria-hidden="true" />
          )}
          <h1 className="page-header__title">{title}</h1>
          {action ?? <span className="page-header__spacer" aria-hidden="true" />}
        </header>
      ) : null}
      <div className="page__body">{children}</div>
    </div>
  );
}
