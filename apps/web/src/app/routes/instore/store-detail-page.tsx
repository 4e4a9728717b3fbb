import { List } from 'antd-mobile';
import { EnvironmentOutline, FileOutline, InformationCircleOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { BookableProject } from '../../../features/booking/components/book-link';
import { useStore } from '../../../features/discovery/api/discovery-api';
import { DetailStats } from '../../../features/discovery/components/detail-stats';
import { FavouriteButton } from '../../../features/discovery/components/favourite-button';
import { OpeningHours } from '../../../features/discovery/components/opening-hours';
import { PhotoGallery } from '../../../features/discovery/components/photo-gallery';
import { ProjectCard } from '../../../features/discovery/components/project-card';
import { ReviewList } from '../../../features/discovery/components/review-list';
import { ReviewTranslation } from '../../../features/reviews/components/review-translation';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/reviews-strings';
import { Section } from '../../../features/discovery/components/section';
import { StaticLocation } from '../../../features/discovery/components/static-location';
import { TherapistCard } from '../../../features/discovery/components/therapist-card';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import { useUserLocation } from '../../../hooks/use-user-location';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec instore/orderDetail: a store's photos, hours, address and place, projects, therapists, reviews. */
export default function StoreDetailPage() {
  const { t } = useTranslation('discovery');
  const id = useIdParam();
  const { position } = useUserLocation();
  const store = useStore(id, position);
  const data = store.data;

  return (
    <Page title={data?.name ?? t('store.detailTitle')} backTo={paths.instore.href()}>
      {id === undefined ? <NotFoundBlock /> : null}
      {id !== undefined && store.isPending ? <CardSkeletons count={2} variant="tile" /> : null}
      {store.isError ? (
        <LoadError error={store.error} onRetry={() => store.refetch()} isRetrying={store.isFetching} />
      ) : null}
      {data ? (
        <div className="detail">
          <PhotoGallery photos={data.photos.length > 0 ? data.photos : [data.cover]} label={data.name} />
          <div className="detail__card">
            <div className="detail__title-row">
              <h2 className="detail__name">{data.name}</h2>
              <span className={data.isOpenNow ? 'open-tag open-tag--open' : 'open-tag'}>
                {data.isOpenNow ? t('store.openNow') : t('store.closedNow')}
              </span>
              <FavouriteButton kind="store" id={data.id} viewer={data.viewer ?? undefined} />
            </div>
            <DetailStats
              rating={data.rating}
              reviewCount={data.reviewCount}
              orderCount={data.orderCount}
              distanceKm={data.distanceKm}
            />
          </div>

          <List className="detail__list">
            <List.Item prefix={<EnvironmentOutline aria-hidden="true" />} description={t('store.address')}>
              {data.address}
            </List.Item>
            <List.Item prefix={<PhoneFill aria-hidden="true" />} description={t('store.phone')}>
              <a className="detail__link" href={`tel:${data.phone.replace(/\s+/g, '')}`}>
                {data.phone}
              </a>
            </List.Item>
            <List.Item prefix={<InformationCircleOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.storeInfo.href(data.id)}>
                {t('store.about')}
              </Link>
            </List.Item>
            <List.Item prefix={<FileOutline aria-hidden="true" />} arrowIcon>
              <Link className="stretched-action" to={paths.storeCertificate.href(data.id)}>
                {t('store.licence')}
              </Link>
            </List.Item>
          </List>

          <Section title={t('store.hours')}>
            <div className="detail__card detail__card--flush">
              <OpeningHours hours={data.openingHours} />
            </div>
          </Section>

          <Section title={t('store.location')}>
            <StaticLocation
              lat={data.location.lat}
              lng={data.location.lng}
              name={data.name}
              address={data.address}
            />
          </Section>

          {data.projects.length > 0 ? (
            <Section title={t('store.projects')}>
              <div className="card-list">
                {data.projects.map((project) => (
                  <BookableProject
                    key={project.id}
                    card={<ProjectCard project={project} />}
                    to={paths.bookInStore.href({ storeId: data.id, projectId: project.id })}
                    projectName={project.name}
                  />
                ))}
              </div>
            </Section>
          ) : null}

          {data.therapists.length > 0 ? (
            <Section title={t('store.therapists')}>
              <div className="card-list">
                {data.therapists.map((therapist) => (
                  <TherapistCard key={therapist.id} therapist={therapist} timeZone={data.timeZone} />
                ))}
              </div>
            </Section>
          ) : null}

          <Section title={t('store.reviews')}>
            <ReviewList
              reviews={data.reviews}
              extra={(review) =>
                review.text || review.reply ? <ReviewTranslation reviewId={review.id} /> : null
              }
            />
          </Section>
        </div>
      ) : null}
    </Page>
  );
}
