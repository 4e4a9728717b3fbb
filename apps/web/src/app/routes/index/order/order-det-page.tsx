import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { HomeVisitBooking } from '../../../../features/booking/components/home-visit-booking';
import { CouponChoice } from '../../../../features/coupons/components/coupon-choice';
import { useTherapist } from '../../../../features/discovery/api/discovery-api';
import { useIdParam } from '../../../../features/discovery/hooks/use-id-param';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useCities } from '../../../../hooks/use-current-city';
import { viewerTimeZone } from '../../../../lib/format-dates';
import * as paths from '../../../../lib/paths';
import { useIsLoggedIn } from '../../../../lib/session-state';

/** Spec index/order/orderDet: confirm a home visit with a therapist for one of their projects. */
export default function OrderDetPage() {
  const { t } = useTranslation('booking');
  const isLoggedIn = useIsLoggedIn();
  const therapistId = useIdParam('therapistId');
  const projectId = useIdParam('projectId');
  const therapist = useTherapist(therapistId, undefined);
  const cities = useCities();
  const data = therapist.data;
  const project = data?.projects.find((item) => item.id === projectId);
  const city = [...(cities.data?.open ?? []), ...(cities.data?.voting ?? [])].find(
    (item) => item.id === data?.cityId,
  );
  const backTo = therapistId ? paths.therapistDetail.href(therapistId) : paths.therapistList.href();

  return (
    <Page title={t('title')} backTo={backTo}>
      {!isLoggedIn ? <LoginRequired description={t('loginRequired')} /> : null}
      {isLoggedIn && (therapistId === undefined || projectId === undefined) ? <NotFoundBlock /> : null}
      {isLoggedIn && therapistId !== undefined && (therapist.isPending || cities.isPending) ? (
        <CardSkeletons count={3} variant="tile" />
      ) : null}
      {isLoggedIn && therapist.isError ? (
        <LoadError
          error={therapist.error}
          onRetry={() => therapist.refetch()}
          isRetrying={therapist.isFetching}
        />
      ) : null}
      {isLoggedIn && data && !project ? (
        <EmptyState icon={<ExclamationCircleOutline />} title={t('errors.chooseProject')} />
      ) : null}
      {isLoggedIn && data && project && !cities.isPending ? (
        <HomeVisitBooking
          couponSlot={(slot) => <CouponChoice {...slot} />}
          therapist={{ id: data.id, name: data.name }}
          project={project}
          timeZone={city?.timeZone ?? viewerTimeZone()}
          cityName={city?.name}
        />
      ) : null}
    </Page>
  );
}
