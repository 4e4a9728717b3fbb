import type { StoreCard as Store } from '@sabai/shared/catalog/catalog.schemas';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useStorePages } from '../../../features/discovery/api/discovery-api';
import { NearestFromCentreNote } from '../../../features/discovery/components/nearest-from-centre-note';
import { StoreCard } from '../../../features/discovery/components/store-card';
import { useUserLocation } from '../../../hooks/use-user-location';
import '../../../features/discovery/page-setup';

/** The store-visit tab: stores of the city, nearest first, paged, pull-to-refresh. */
export default function StoreListPage() {
  const { t } = useTranslation('instore');
  const { position, refresh: locateMe } = useUserLocation();
  const query = useStorePages(position);
  return (
    <Page title={t('title')}>
      {position ? null : <NearestFromCentreNote onLocate={() => void locateMe().catch(() => {})} />}
      <PagedList<Store>
        query={query}
        itemKey={(store) => store.id}
        renderItem={(store, index) => <StoreCard store={store} index={index} />}
        empty={
          <EmptyState icon={<ShopbagOutline />} title={t('emptyTitle')} description={t('emptyDescription')} />
        }
      />
    </Page>
  );
}
