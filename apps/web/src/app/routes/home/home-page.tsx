import { SearchOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { Page } from '../../../components/ui/page';
import { PageLoading } from '../../../components/ui/page-loading';
import { VipEntryCard } from '../../../features/config/components/vip-entry-card';
import * as paths from '../../../lib/paths';

// Discovery loads one step after Home: its static imports would not fit the shell's preload map.
const loadDiscovery = () => import('../../../features/discovery/home-entry');
const CityLink = lazy(() => loadDiscovery().then((module) => ({ default: module.CityLink })));
const HomeDiscovery = lazy(() => loadDiscovery().then((module) => ({ default: module.HomeDiscovery })));

export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <Page title={t('title')} hasTitleBar={false} className="home-page">
      <header className="brand-header">
        <BrandMark size={36} />
        <div className="brand-header__text">
          <h1 className="brand-header__name">{t('common:brand')}</h1>
          <p className="brand-header__tagline">{t('common:tagline')}</p>
        </div>
        <Suspense fallback={null}>
          <CityLink />
        </Suspense>
      </header>

      <section className="welcome" aria-labelledby="welcome-heading">
        <h2 id="welcome-heading" className="welcome__title">
          {t('welcome')}
        </h2>
        <p className="welcome__hint">{t('welcomeHint')}</p>
        <Link className="search-entry" to={paths.search.href()}>
          <SearchOutline aria-hidden="true" />
          <span>{t('searchPlaceholder')}</span>
        </Link>
      </section>

      <VipEntryCard />

      <Suspense fallback={<PageLoading />}>
        <HomeDiscovery />
      </Suspense>
    </Page>
  );
}
