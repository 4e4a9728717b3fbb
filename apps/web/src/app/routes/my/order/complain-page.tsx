import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrder } from '../../../../features/orders/api/orders-api';
import { useSubmitComplaint } from '../../../../features/reviews/api/reviews-api';
import { ComplaintForm } from '../../../../features/reviews/components/complaint-form';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/order/complain?ordersId=: a complaint about a finished order (type, title, content, images). */
export default function ComplainPage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const value = Number(search.get('ordersId'));
  const id = Number.isInteger(value) && value > 0 ? value : undefined;
  const order = useOrder(isLoggedIn ? id : undefined);
  const submit = useSubmitComplaint();
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError) content = <LoadError error={order.error} onRetry={() => order.refetch()} />;
  else
    content = (
      <>
        <p className="care-order">{t('complain.order', { number: order.data.orderNumber })}</p>
        <ComplaintForm
          isSubmitting={submit.isPending}
          error={submit.error}
          onSubmit={(values) =>
            submit.mutate(
              { ...values, orderId: id },
              {
                onSuccess: () => {
                  showToast(t('complain.done'));
                  navigate(paths.complaints.href(), { replace: true });
                },
              },
            )
          }
        />
      </>
    );
  return (
    <Page
      title={t('complain.title')}
      backTo={id === undefined ? paths.orders.href() : paths.orderDetail.href(id)}
    >
      {content}
    </Page>
  );
}
