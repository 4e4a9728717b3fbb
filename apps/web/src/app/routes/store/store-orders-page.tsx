import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { StoreOrdersView } from '../../../features/workbench/components/store-orders-view';
import * as paths from '../../../lib/paths';
import '../../../features/workbench/workbench-strings';
import '../../../features/workbench/workbench.css';

/** The store counter (/store/orders): in-store orders to prepare and to mark consumed. */
export default function StoreOrdersPage() {
  const { t } = useTranslation('workbench');
  return (
    <Page title={t('store.title')} backTo={paths.my.href()}>
      <StoreOrdersView />
    </Page>
  );
}
