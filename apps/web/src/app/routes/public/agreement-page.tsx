import '../../../features/identity/identity-strings';
import type { Language } from '@sabai/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageLoading } from '../../../components/ui/page-loading';
import '../../../features/identity/identity.css';
import { type LegalKind, loadLegalDocument } from '../../../features/identity/legal';
import * as paths from '../../../lib/paths';

export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation('identity');
  const language = i18n.language as Language;
  const document = useQuery({
    queryKey: ['legal', kind, language],
    queryFn: () => loadLegalDocument(language, kind),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const title = kind === 'user' ? t('agreement.userTitle') : t('agreement.privacyTitle');
  return (
    <Page title={title} backTo={paths.register.href()} className="legal-page">
      {document.data ? (
        <article className="legal">
          <p className="legal__updated">{document.data.updated}</p>
          {document.data.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.body.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}

export default function UserAgreementPage() {
  return <LegalPage kind="user" />;
}
