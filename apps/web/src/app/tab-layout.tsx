import { TabBar } from 'antd-mobile';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { OfflineNotice } from '../components/ui/offline-notice';
import { PageLoading } from '../components/ui/page-loading';
import { BookIcon, HomeIcon, OrdersIcon, StoreIcon, UserIcon } from '../components/ui/tab-icons';
import * as paths from '../lib/paths';

interface Tab {
  path: string;
  labelKey: 'home' | 'instore' | 'book' | 'orders' | 'me';
  icon: ReactNode;
  isCentre?: boolean;
}

const TABS: Tab[] = [
  { path: paths.home.path, labelKey: 'home', icon: <HomeIcon /> },
  { path: paths.instore.path, labelKey: 'instore', icon: <StoreIcon /> },
  { path: paths.therapist.path, labelKey: 'book', icon: <BookIcon />, isCentre: true },
  { path: paths.orders.path, labelKey: 'orders', icon: <OrdersIcon /> },
  { path: paths.my.path, labelKey: 'me', icon: <UserIcon /> },
];

function activeTabPath(pathname: string): string {
  const match = TABS.filter((tab) => tab.path !== paths.home.path && pathname.startsWith(tab.path));
  return match[0]?.path ?? paths.home.path;
}

/** The shell of the five tab pages: scrolling content above, antd-mobile TabBar below. */
export function TabLayout() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const activeKey = activeTabPath(pathname);

  return (
    <div className="tab-layout">
      {/* The page's own content is the document's one `main` landmark; the tab bar is its `nav`. */}
      <main className="tab-layout__content">
        <OfflineNotice />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className="tab-layout__bar" aria-label={t('tabBarLabel')}>
        <TabBar activeKey={activeKey} safeArea>
          {TABS.map((tab) => (
            <TabBar.Item
              key={tab.path}
              className={tab.isCentre ? 'tab-item--centre' : undefined}
              icon={tab.isCentre ? <span className="centre-button">{tab.icon}</span> : tab.icon}
              title={
                // A real link covers the whole item: keyboard and screen-reader reachable.
                <Link
                  className="tab-link"
                  to={tab.path}
                  aria-current={activeKey === tab.path ? 'page' : undefined}
                >
                  {t(tab.labelKey)}
                </Link>
              }
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
