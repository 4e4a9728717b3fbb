import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { PageLoading } from '../../../components/ui/page-loading';
import { SearchIcon } from '../../../components/ui/tab-icons';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import {
  loadVipEntryCardView,
  VipEntryCardPlaceholder,
} from '../../../features/config/components/vip-entry-card';
import * as paths from '../../../lib/paths';
import { lazyWithProviders } from '../../lazy-with-providers';

// Discovery loads one step after Home: its static imports would not fit the shell's preload map.
// Home's own content needs neither TanStack Query nor antd-mobile's locale: the lazily loaded
// parts bring the page providers with them (decision 064), so the first screen does without.
// Home's answer is asked for as soon as that chunk and the query client have run, not once React
// commits the part that reads it (decision 089).
const loadDiscovery = () =>
  Promise.all([import('../../../features/discovery/home-entry'), import('../../providers')]).then(
    ([discovery, { queryClient }]) => {
      discovery.prefetchHome(queryClient);
      return discovery;
    },
  );
const CityLink = lazyWithProviders(() => loadDiscovery().then((module) => module.CityLink));
const HomeDiscovery = lazyWithProviders(() => loadDiscovery().then((module) => module.HomeDiscovery));
const VipEntryCardView = lazyWithProviders(loadVipEntryCardView);

/** Home draws its own brand header instead of the title bar (the page frame of `Page`, without it). */
export default function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('title'));
  return (
    <div className="page home-page">
      <div className="page__body">
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
            <SearchIcon />
            <span>{t('searchPlaceholder')}</span>
          </Link>
        </section>

        <Suspense fallback={<VipEntryCardPlaceholder />}>
          <VipEntryCardView />
        </Suspense>

        <Suspense fallback={<PageLoading />}>
          <HomeDiscovery />
        </Suspense>
      </div>
    </div>
  );
}
