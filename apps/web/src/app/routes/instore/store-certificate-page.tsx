import { CheckShieldFill, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useStore } from '../../../features/discovery/api/discovery-api';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import * as paths from '../../../lib/paths';
import '../../../features/discovery/page-setup';

/** Spec instore/certificate: the store's business licence and whether Sabai verified it. */
export default function StoreCertificatePage() {
  const { t } = useTranslation('discovery');
  const id = useIdParam();
  const store = useStore(id, undefined);
  const data = store.data;
  return (
    <Page title={t('store.certificateTitle')} backTo={id ? paths.storeDetail.href(id) : paths.instore.href()}>
      {id === undefined ? <NotFoundBlock /> : null}
      {id !== undefined && store.isPending ? <CardSkeletons count={1} variant="tile" /> : null}
      {store.isError ? (
        <LoadError error={store.error} onRetry={() => store.refetch()} isRetrying={store.isFetching} />
      ) : null}
      {data ? (
        <div className="detail">
          <div className="detail__card">
            <h2 className="detail__name">{data.name}</h2>
            <img
              className="licence-image"
              src={data.licence.image}
              alt={`${t('store.certificateTitle')} ${data.licence.number}`}
            />
            <dl className="facts">
              <div className="facts__row">
                <dt>{t('store.licenceNumber')}</dt>
                <dd>{data.licence.number}</dd>
              </div>
            </dl>
            <p className={data.licence.isVerified ? 'verified-note' : 'verified-note verified-note--no'}>
              {data.licence.isVerified ? (
                <CheckShieldFill aria-hidden="true" />
              ) : (
                <ExclamationCircleOutline aria-hidden="true" />
              )}{' '}
              {data.licence.isVerified ? t('store.licenceVerified') : t('store.licenceUnverified')}
            </p>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
