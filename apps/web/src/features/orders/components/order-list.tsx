import '../orders-strings';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { OrdersIcon } from '../../../components/ui/tab-icons';
import { ORDER_TAB_LIST, type OrderTab, useOrderPages } from '../api/orders-api';
import { OrderCard } from './order-card';

/** The orders tab: the server's status tabs, each a paged, refreshable list with its own empty state. */
export function OrderList({ tab, onTabChange }: { tab: OrderTab; onTabChange: (tab: OrderTab) => void }) {
  const { t } = useTranslation('orders');
  const query = useOrderPages(tab);
  return (
    <div className="order-list">
      <nav aria-label={t('tabs.label')}>
        <Tabs activeKey={tab} onChange={(key) => onTabChange(key as OrderTab)} className="order-tabs">
          {ORDER_TAB_LIST.map((key) => (
            <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
          ))}
        </Tabs>
      </nav>
      <PagedList
        query={query}
        itemKey={(order) => order.id}
        renderItem={(order) => <OrderCard order={order} />}
        empty={
          <EmptyState
            icon={<OrdersIcon />}
            title={tab === 'all' ? t('emptyTitle') : t(`tabs.${tab}`)}
            description={tab === 'all' ? t('emptyDescription') : t(`emptyByTab.${tab}`)}
          />
        }
      />
    </div>
  );
}
