import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useProject } from '../../../features/discovery/api/discovery-api';
import { FavouriteButton } from '../../../features/discovery/components/favourite-button';
import { PhotoGallery } from '../../../features/discovery/components/photo-gallery';
import { useDisplay } from '../../../features/discovery/hooks/use-display';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';
import '../../../features/booking/booking-strings';

/** Spec index/order/order: a service project's photos, duration, prices, extra clock and description. */
export default function ProjectPage() {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const id = useIdParam();
  const therapistId = useIdParam('therapistId');
  const { t: tb } = useTranslation('booking');
  const project = useProject(id);
  const display = useDisplay();
  const data = project.data;

  return (
    <Page title={data?.name ?? t('project.title')} backTo="/">
      {id === undefined ? <NotFoundBlock /> : null}
      {id !== undefined && project.isPending ? <CardSkeletons count={2} variant="tile" /> : null}
      {project.isError ? (
        <LoadError error={project.error} onRetry={() => project.refetch()} isRetrying={project.isFetching} />
      ) : null}
      {data ? (
        <div className="detail">
          <PhotoGallery photos={data.photos.length > 0 ? data.photos : [data.cover]} label={data.name} />
          <div className="detail__card">
            <div className="detail__title-row detail__title-row--spread">
              {/* The category only where it says more than the name (a category of one service). */}
              {data.category.name !== data.name ? (
                <span className="detail__eyebrow">{data.category.name}</span>
              ) : (
                <span />
              )}
              <FavouriteButton kind="project" id={data.id} viewer={data.viewer ?? undefined} />
            </div>
            <h2 className="detail__name">{data.name}</h2>
            <p className="detail__muted">{t('project.orders', { count: data.orderCount })}</p>
            <dl className="facts">
              <div className="facts__row">
                <dt>{t('project.duration')}</dt>
                <dd>{display.minutes(data.durationMinutes)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('project.price')}</dt>
                <dd className="price price--large">{display.price(data.price)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('project.memberPrice')}</dt>
                <dd className="member-price">{display.price(data.memberPrice)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('project.extraClock')}</dt>
                <dd>
                  {t('project.extraClockValue', {
                    price: display.price(data.extraUnitPrice),
                    minutes: display.minutes(data.extraUnitMinutes),
                  })}
                </dd>
              </div>
            </dl>
          </div>
          <div className="detail__card">
            <h3 className="detail__heading">{t('project.description')}</h3>
            <p className="detail__text">{data.description}</p>
            <p className="detail__muted">
              {t('project.therapistCount', { count: data.therapistCount })} ·{' '}
              {t('project.storeCount', { count: data.storeCount })}
            </p>
          </div>
          <div className="detail__actions">
            {therapistId !== undefined ? (
              <Button
                block
                color="primary"
                size="large"
                className="detail__action-book"
                onClick={() => navigate(paths.bookHomeVisit.href({ therapistId, projectId: data.id }))}
              >
                {tb('bookWithTherapist')}
              </Button>
            ) : null}
            <Button
              block
              color={therapistId === undefined ? 'primary' : 'default'}
              size="large"
              onClick={() => navigate(paths.therapistList.href({ projectId: data.id }))}
            >
              {t('project.chooseTherapist')}
            </Button>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
