import { LegalPage } from './agreement-page';

export default function PrivacyPolicyPage() {
  return <LegalPage kind="privacy" />;
}
