import type { AgreementKind } from '@sabai/shared/help/help-rules';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import {
  AgreementDocumentView,
  useAgreementTitle,
} from '../../../features/help/components/agreement-document';
import '../../../features/help/help-strings';
import '../../../features/identity/identity.css';
import * as paths from '../../../lib/paths';

/** An agreement's current version from the server (decision 054): agreement_user, _privacy, _order. */
export function LegalPage({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation('help');
  const title = useAgreementTitle(kind) ?? t(`agreements.${kind}`);
  return (
    <Page title={title} backTo={paths.agreements.href()} className="legal-page">
      <AgreementDocumentView kind={kind} />
    </Page>
  );
}

export default function UserAgreementPage() {
  return <LegalPage kind="user" />;
}
