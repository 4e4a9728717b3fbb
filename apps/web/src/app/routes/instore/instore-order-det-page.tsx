import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { InStoreBooking } from '../../../features/booking/components/in-store-booking';
import { CouponChoice } from '../../../features/coupons/components/coupon-choice';
import { useStore } from '../../../features/discovery/api/discovery-api';
import { useIdParam } from '../../../features/discovery/hooks/use-id-param';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useCities } from '../../../hooks/use-current-city';
import * as paths from '../../../lib/paths';
import { useIsLoggedIn } from '../../../lib/session-state';

/** Book a visit to a store (the store detail's "book"): project, time in opening hours, therapist optional. */
export default function InStoreOrderDetPage() {
  const { t } = useTranslation('booking');
  const isLoggedIn = useIsLoggedIn();
  const storeId = useIdParam('storeId');
  const projectId = useIdParam('projectId');
  const store = useStore(storeId, undefined);
  const data = store.data;
  const project = data?.projects.find((item) => item.id === projectId);
  // The city by name in the reader's language, for the time note (issue #31).
  const cities = useCities();
  const cityName = [...(cities.data?.open ?? []), ...(cities.data?.voting ?? [])].find(
    (city) => city.id === data?.cityId,
  )?.name;

  return (
    <Page title={t('inStoreTitle')} backTo={storeId ? paths.storeDetail.href(storeId) : paths.instore.href()}>
      {!isLoggedIn ? <LoginRequired description={t('loginRequired')} /> : null}
      {isLoggedIn && (storeId === undefined || projectId === undefined) ? <NotFoundBlock /> : null}
      {isLoggedIn && storeId !== undefined && store.isPending ? (
        <CardSkeletons count={3} variant="tile" />
      ) : null}
      {isLoggedIn && store.isError ? (
        <LoadError error={store.error} onRetry={() => store.refetch()} isRetrying={store.isFetching} />
      ) : null}
      {isLoggedIn && data && !project ? (
        <EmptyState icon={<ExclamationCircleOutline />} title={t('errors.chooseProject')} />
      ) : null}
      {isLoggedIn && data && project ? (
        <InStoreBooking
          couponSlot={(slot) => <CouponChoice {...slot} />}
          store={data}
          project={project}
          cityName={cityName}
        />
      ) : null}
    </Page>
  );
}
