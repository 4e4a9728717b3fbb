import { LegalPage } from './agreement-page';

export default function OrderAgreementPage() {
  return <LegalPage kind="order" />;
}
