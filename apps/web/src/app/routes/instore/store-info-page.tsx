import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useStore } from '../../../features/discovery/api/discovery-api';
import { OpeningHours } from '../../../features/discovery/components/opening-hours';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec instore/storeInfo: the store's description, contact and hours in one place. */
export default function StoreInfoPage() {
  const { t } = useTranslation('discovery');
  const id = useIdParam();
  const store = useStore(id, undefined);
  const data = store.data;
  return (
    <Page title={t('store.infoTitle')} backTo={id ? paths.storeDetail.href(id) : paths.instore.href()}>
      {id === undefined ? <NotFoundBlock /> : null}
      {id !== undefined && store.isPending ? <CardSkeletons count={2} /> : null}
      {store.isError ? (
        <LoadError error={store.error} onRetry={() => store.refetch()} isRetrying={store.isFetching} />
      ) : null}
      {data ? (
        <div className="detail">
          <div className="detail__card">
            <h2 className="detail__name">{data.name}</h2>
            <p className="detail__text">{data.description}</p>
            <dl className="facts">
              <div className="facts__row">
                <dt>{t('store.address')}</dt>
                <dd>{data.address}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('store.phone')}</dt>
                <dd>
                  <a className="detail__link" href={`tel:${data.phone.replace(/\s+/g, '')}`}>
                    {data.phone}
                  </a>
                </dd>
              </div>
            </dl>
          </div>
          <div className="detail__card">
            <h3 className="detail__heading">{t('store.hours')}</h3>
            <OpeningHours hours={data.openingHours} />
          </div>
        </div>
      ) : null}
    </Page>
  );
}
