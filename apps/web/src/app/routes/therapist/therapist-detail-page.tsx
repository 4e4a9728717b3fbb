import type { TherapistDetail } from '@sabai/shared/catalog/catalog.schemas';
import { CheckShieldFill, ClockCircleOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { BookableProject } from '../../../features/booking/components/book-link';
import { useTherapist } from '../../../features/discovery/api/discovery-api';
import { DetailStats } from '../../../features/discovery/components/detail-stats';
import { FavouriteButton, FollowButton } from '../../../features/discovery/components/favourite-button';
import { PhotoGallery } from '../../../features/discovery/components/photo-gallery';
import { ProjectCard } from '../../../features/discovery/components/project-card';
import { ReviewList } from '../../../features/discovery/components/review-list';
import { ReviewTranslation } from '../../../features/reviews/components/review-translation';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/reviews-strings';
import { Section } from '../../../features/discovery/components/section';
import { TherapistStateTag } from '../../../features/discovery/components/therapist-state-tag';
import { useDisplay } from '../../../features/discovery/hooks/use-display';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import { useCityTimeZone } from '../../../hooks/use-current-city';
import { useStagedReveal } from '../../../hooks/use-staged-reveal';
import { useUserLocation } from '../../../hooks/use-user-location';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec therapist/orderDetail: the therapist's profile, verified certificates, projects and reviews. */
export default function TherapistDetailPage() {
  const { t } = useTranslation('discovery');
  const id = useIdParam();
  const { position } = useUserLocation();
  const timeZone = useCityTimeZone();
  const therapist = useTherapist(id, position);
  const data = therapist.data;

  return (
    <Page title={data?.name ?? t('therapist.detailTitle')} backTo={paths.therapistList.href()}>
      {id === undefined ? <NotFoundBlock /> : null}
      {id !== undefined && therapist.isPending ? <CardSkeletons count={2} variant="tile" /> : null}
      {therapist.isError ? (
        <LoadError
          error={therapist.error}
          onRetry={() => therapist.refetch()}
          isRetrying={therapist.isFetching}
        />
      ) : null}
      {data ? <TherapistProfile data={data} timeZone={timeZone} /> : null}
    </Page>
  );
}

/** The profile's parts in the order they are drawn, each after the one before has painted (decision 098). */
const PROFILE_STAGES = { firstScreen: 1, certificates: 2, services: 3, reviews: 4 } as const;

/**
 * The therapist's profile: photos, name and introduction first (the first screen, which the server
 * also draws), then certificates and services, then reviews, each part its own memoised component
 * so a step draws only what it adds. Memoised: the page's own synchronous updates (the city list,
 * the title) do not redraw it.
 */
const TherapistProfile = memo(function TherapistProfile({
  data,
  timeZone,
}: {
  data: TherapistDetail;
  timeZone: string | undefined;
}) {
  const stage = useStagedReveal(PROFILE_STAGES.reviews);
  return (
    <div className="detail">
      <ProfileFirstScreen data={data} timeZone={timeZone} />
      {stage >= PROFILE_STAGES.certificates ? <ProfileCertificates data={data} /> : null}
      {stage >= PROFILE_STAGES.services ? <ProfileServices data={data} /> : null}
      {stage >= PROFILE_STAGES.reviews ? <ProfileReviews data={data} /> : null}
    </div>
  );
});

/** Photos, name, state, ratings, badges, follow, introduction, languages, area and skills. */
const ProfileFirstScreen = memo(function ProfileFirstScreen({
  data,
  timeZone,
}: {
  data: TherapistDetail;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <>
      <PhotoGallery photos={data.photos.length > 0 ? data.photos : [data.avatar]} label={data.name} />
      <div className="detail__card">
        <div className="detail__title-row">
          <h2 className="detail__name">{data.name}</h2>
          <span className="detail__muted">{t(`therapist.gender.${data.gender}`)}</span>
          <TherapistStateTag state={data.state} availableFrom={data.availableFrom} timeZone={timeZone} />
          <FavouriteButton kind="therapist" id={data.id} viewer={data.viewer ?? undefined} />
        </div>
        {data.isBookable ? null : (
          <p className="not-bookable" role="status">
            <ClockCircleOutline aria-hidden="true" /> {t('therapist.notBookable')}
          </p>
        )}
        <DetailStats
          rating={data.rating}
          reviewCount={data.reviewCount}
          orderCount={data.orderCount}
          distanceKm={data.distanceKm}
        />
        {data.badges.length > 0 ? (
          <ul className="badge-list">
            {data.badges.map((badge) => (
              <li key={badge} className="badge">
                <CheckShieldFill aria-hidden="true" /> {t(`therapist.badges.${badge}`)}
              </li>
            ))}
          </ul>
        ) : null}
        <FollowButton
          therapistId={data.id}
          viewer={data.viewer ?? undefined}
          followerCount={data.followerCount}
        />
        {data.store ? (
          <Link className="detail__link" to={paths.storeDetail.href(data.store.id)}>
            {t('therapist.store', { store: data.store.name })}
          </Link>
        ) : null}
      </div>

      <div className="detail__card">
        <h3 className="detail__heading">{t('therapist.introduction')}</h3>
        <p className="detail__text">{data.introduction}</p>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('therapist.languages')}</dt>
            <dd>{data.languages.map(display.spokenLanguage).join(' · ')}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('therapist.serviceArea')}</dt>
            <dd>
              {data.serviceArea}
              <br />
              <span className="detail__muted">
                {t('therapist.serviceRadius', { distance: display.distance(data.serviceRadiusKm) })}
              </span>
            </dd>
          </div>
        </dl>
        <h3 className="detail__heading">{t('therapist.skills')}</h3>
        <ul className="tag-list">
          {data.skills.map((skill) => (
            <li key={skill.id} className="tag">
              {skill.name}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
});

/** The therapist's verified certificates, with when each was issued and verified. */
const ProfileCertificates = memo(function ProfileCertificates({ data }: { data: TherapistDetail }) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  if (data.certificates.length === 0) return null;
  return (
    <div className="detail__card">
      <h3 className="detail__heading">{t('therapist.certificates')}</h3>
      <ul className="certificate-list">
        {data.certificates.map((certificate) => (
          <li key={certificate.kind} className="certificate">
            <CheckShieldFill className="certificate__icon" aria-hidden="true" />
            <span className="certificate__text">
              <span className="certificate__name">{t(`therapist.badges.${certificate.kind}`)}</span>
              <span className="detail__muted">
                {certificate.issuedOn
                  ? `${t('therapist.certificateIssued', { date: display.localDate(certificate.issuedOn) })} · `
                  : ''}
                {t('therapist.certificateVerified', {
                  date: display.date(certificate.verifiedAt, VIEWER_ZONE),
                })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
});

/** The services the therapist offers (bookable or not). */
const ProfileServices = memo(function ProfileServices({ data }: { data: TherapistDetail }) {
  const { t } = useTranslation('discovery');
  return (
    <Section title={t('therapist.projects')}>
      <div className="card-list">
        {data.projects.map((project) =>
          data.isBookable ? (
            <BookableProject
              key={project.id}
              card={
                <ProjectCard project={project} href={paths.projectWithTherapist.href(project.id, data.id)} />
              }
              to={paths.bookHomeVisit.href({ therapistId: data.id, projectId: project.id })}
              projectName={project.name}
            />
          ) : (
            <ProjectCard key={project.id} project={project} />
          ),
        )}
      </div>
    </Section>
  );
});

/** The therapist's reviews, each with its translation. */
const ProfileReviews = memo(function ProfileReviews({ data }: { data: TherapistDetail }) {
  const { t } = useTranslation('discovery');
  return (
    <Section title={t('therapist.reviewsTitle')}>
      <ReviewList
        reviews={data.reviews}
        extra={(review) => (review.text || review.reply ? <ReviewTranslation reviewId={review.id} /> : null)}
      />
    </Section>
  );
});
