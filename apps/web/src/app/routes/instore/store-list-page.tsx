import type { StoreCard as Store } from '@sabai/shared/catalog/catalog.schemas';
import { EnvironmentOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useStorePages } from '../../../features/discovery/api/discovery-api';
import { StoreCard } from '../../../features/discovery/components/store-card';
import { useUserLocation } from '../../../hooks/use-user-location';
import '../../../features/discovery/page-setup';

/** The store-visit tab: stores of the city, nearest first, paged, pull-to-refresh. */
export default function StoreListPage() {
  const { t } = useTranslation(['instore', 'discovery']);
  const { position, refresh: locateMe } = useUserLocation();
  const query = useStorePages(position);
  return (
    <Page title={t('title')}>
      {/* Without a position the server sorts from the city centre and no card shows a distance: say
          so, and offer to share the position (as the therapist list, decision 082). The server
          draws this note in the page before any script (web-shell.ts, decision 087). */}
      {position ? null : (
        <p className="list-note" role="status">
          <span>{t('discovery:therapist.nearestFromCentre')}</span>
          <button type="button" className="chip chip--link" onClick={() => void locateMe().catch(() => {})}>
            <EnvironmentOutline aria-hidden="true" /> {t('discovery:home.locate')}
          </button>
        </p>
      )}
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
