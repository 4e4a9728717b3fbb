import type { Home } from '@sabai/shared/catalog/catalog.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { Button } from 'antd-mobile';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { showToast } from '../../../components/ui/feedback';
import { SnapCarousel } from '../../../components/ui/snap-carousel';
import { CardSkeletons, CityNotOpen, LoadError } from '../../../components/ui/state-views';
import { useCityTimeZone } from '../../../hooks/use-current-city';
import { useStagedReveal } from '../../../hooks/use-staged-reveal';
import { useUserLocation } from '../../../hooks/use-user-location';
import { type ApiError, isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { useHome } from '../api/discovery-api';
import { useLocateCity } from '../hooks/use-locate-city';
import { bannerRoute } from './banner-route';
import { ProjectCard } from './project-card';
import { Section } from './section';
import { StoreCard } from './store-card';
import { TherapistCard } from './therapist-card';

const needsAnotherCity = (error: unknown): error is ApiError =>
  isApiError(error) &&
  error.kind === 'business' &&
  (error.code === ERROR_CODES.cityNotOpen.code || error.code === ERROR_CODES.notFound.code);

/** The first project of each category: a category tile opens the therapists offering it. */
function projectOfCategory(home: Home, categoryId: number): number | undefined {
  return home.projects.find((project) => project.category.id === categoryId)?.id;
}

function SeeAll({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation('discovery');
  return (
    <Link className="see-all" to={to} aria-label={`${t('home.seeAll')}: ${label}`}>
      {t('home.seeAll')} <RightOutline aria-hidden="true" />
    </Link>
  );
}

/**
 * The recommended therapists' cards, on the city's clock. The city list arrives on its own (the
 * header's city link asks for it) and its observer redraws its reader synchronously: reading it
 * here rather than in HomeDiscovery, its arrival redraws this list, not all of Home; and the time
 * zone is deferred, so the (memoised) cards redraw with it in slices (decision 098).
 */
function RecommendedTherapists({ therapists }: { therapists: Home['recommendedTherapists'] }) {
  const timeZone = useCityTimeZone();
  return (
    <div className="card-list">
      {therapists.map((therapist) => (
        <TherapistCard key={therapist.id} therapist={therapist} timeZone={timeZone} />
      ))}
    </div>
  );
}

/** Home's discovery blocks: banners, categories, popular services, therapists and stores nearby. */
export function HomeDiscovery() {
  const { position } = useUserLocation();
  const home = useHome(position);

  if (home.isPending) return <CardSkeletons count={4} />;
  if (home.isError) {
    // Spec: a closed (or unknown) city says "city not open, switch city" and offers the picker.
    if (needsAnotherCity(home.error)) return <CityNotOpen message={home.error.message} />;
    return <LoadError error={home.error} onRetry={() => home.refetch()} isRetrying={home.isFetching} />;
  }
  return <HomeSections data={home.data} hasPosition={position !== undefined} />;
}

/**
 * Home's parts in the order they are drawn, each after the one before has painted (decision 098):
 * the first screen (hint, banners, categories), then the three lists below it. Each part is its own
 * memoised component, so a step draws only the part it adds.
 */
const HOME_STAGES = { firstScreen: 1, popular: 2, therapists: 3, stores: 4 } as const;

function HomeSections({ data, hasPosition }: { data: Home; hasPosition: boolean }) {
  const stage = useStagedReveal(HOME_STAGES.stores);
  return (
    <>
      <HomeFirstScreen data={data} hasPosition={hasPosition} />
      {stage >= HOME_STAGES.popular ? <PopularServices data={data} /> : null}
      {stage >= HOME_STAGES.therapists ? <RecommendedSection data={data} /> : null}
      {stage >= HOME_STAGES.stores ? <NearbyStores data={data} /> : null}
    </>
  );
}

/** The "locate me" hint, the banners and the categories: what Home's first screen shows. */
const HomeFirstScreen = memo(function HomeFirstScreen({
  data,
  hasPosition,
}: {
  data: Home;
  hasPosition: boolean;
}) {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const locateCity = useLocateCity();
  const [isLocating, setIsLocating] = useState(false);

  const openBanner = (link: string) => {
    const route = bannerRoute(link);
    if (!route) return;
    if (/^https?:\/\//.test(route)) window.open(route, '_blank', 'noopener');
    else navigate(route);
  };

  const locateMe = async () => {
    setIsLocating(true);
    try {
      const { city: nearest, hasSwitched } = await locateCity();
      if (hasSwitched) showToast(t('city.nearestSwitched', { city: nearest.name }));
    } catch (error) {
      showToast(isApiError(error) ? error.message : t('city.locationFailed'));
    } finally {
      setIsLocating(false);
    }
  };

  return (
    <>
      {hasPosition ? null : (
        <div className="locate-hint">
          <EnvironmentOutline aria-hidden="true" className="locate-hint__icon" />
          <span className="locate-hint__text">{t('home.locateHint')}</span>
          <Button
            size="mini"
            color="primary"
            fill="outline"
            loading={isLocating}
            onClick={() => void locateMe()}
          >
            {t('home.locate')}
          </Button>
        </div>
      )}
      {data.banners.length > 0 ? (
        <section className="banners" aria-label={t('home.banners')}>
          <SnapCarousel autoplayMs={5000}>
            {data.banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className="banner"
                onClick={() => openBanner(banner.link)}
              >
                {/* The first banner is Home's largest picture (its LCP): asked for before the rest. */}
                <img
                  className="banner__img"
                  src={banner.imageUrl}
                  alt=""
                  fetchPriority={index === 0 ? 'high' : 'low'}
                />
                <span className="banner__title">{banner.title}</span>
              </button>
            ))}
          </SnapCarousel>
        </section>
      ) : null}

      {data.categories.length > 0 ? (
        <Section title={t('home.categories')}>
          <ul className="category-grid">
            {data.categories.map((category) => {
              const projectId = projectOfCategory(data, category.id);
              const to = projectId ? paths.therapistList.href({ projectId }) : paths.therapistList.href();
              return (
                <li key={category.id}>
                  <Link className="category" to={to}>
                    <img className="category__icon" src={category.icon} alt="" width={44} height={44} />
                    <span className="category__name">{category.name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
    </>
  );
});

/** Popular services, in a row of tiles. */
const PopularServices = memo(function PopularServices({ data }: { data: Home }) {
  const { t } = useTranslation('discovery');
  if (data.projects.length === 0) return null;
  return (
    <Section title={t('home.popular')}>
      <div className="tile-row">
        {data.projects.map((project) => (
          <ProjectCard key={project.id} project={project} variant="tile" />
        ))}
      </div>
    </Section>
  );
});

/** Recommended therapists, with "see all". */
const RecommendedSection = memo(function RecommendedSection({ data }: { data: Home }) {
  const { t } = useTranslation('discovery');
  return (
    <Section
      title={t('home.recommended')}
      action={<SeeAll to={paths.therapistList.href()} label={t('home.recommended')} />}
    >
      {data.recommendedTherapists.length > 0 ? (
        <RecommendedTherapists therapists={data.recommendedTherapists} />
      ) : (
        <EmptyState icon={<RightOutline />} title={t('home.emptyTherapists')} />
      )}
    </Section>
  );
});

/** Stores nearby, with "see all". */
const NearbyStores = memo(function NearbyStores({ data }: { data: Home }) {
  const { t } = useTranslation('discovery');
  return (
    <Section
      title={t('home.nearbyStores')}
      action={<SeeAll to={paths.instore.href()} label={t('home.nearbyStores')} />}
    >
      {data.nearbyStores.length > 0 ? (
        <div className="card-list">
          {data.nearbyStores.map((store) => (
            <StoreCard key={store.id} store={store} />
          ))}
        </div>
      ) : (
        <p className="detail__muted disc-pad">{t('home.emptyStores')}</p>
      )}
    </Section>
  );
});
