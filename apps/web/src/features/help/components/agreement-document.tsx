import type { AgreementKind } from '@sabai/shared/help/help-rules';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadError } from '../../../components/ui/state-views';
import { useAgreement } from '../api/help-api';
import '../help-strings';
import { formatDay } from './rich-text';

/** The current version of one agreement, as the database holds it, in the app's language. */
export function AgreementDocumentView({ kind }: { kind: AgreementKind }) {
  const { t, i18n } = useTranslation('help');
  const document = useAgreement(kind);
  if (document.isPending) return <PageLoading />;
  if (document.isError)
    return <LoadError error={document.error} onRetry={document.refetch} isRetrying={document.isFetching} />;
  const { data } = document;
  return (
    <article className="legal" lang={data.language}>
      <p className="legal__updated">
        {t('agreements.version', { version: data.version })} ·{' '}
        {t('agreements.published', { date: formatDay(data.publishedAt, i18n.language) })}
      </p>
      {data.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/** The title of an agreement page before its text arrives. */
export function useAgreementTitle(kind: AgreementKind): string | undefined {
  return useAgreement(kind).data?.title;
}
